import { limits } from '@confab/protocol/limits';

/** The picture types the server takes (it checks the content, not this list). */
export const avatarInputTypes = 'image/png,image/jpeg,image/webp';

/**
 * A picture made ready for upload (docs/product.md#identity): the centre square, at most
 * `avatarPixels` wide, as WebP (PNG where the browser cannot write WebP). Re-drawing also drops
 * whatever the file carried besides pixels (location data, appended bytes). Rejects a file the
 * browser cannot read as an image.
 */
export async function resizeAvatar(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const size = Math.min(side, limits.avatarPixels);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.drawImage(
    bitmap,
    (bitmap.width - side) / 2,
    (bitmap.height - side) / 2,
    side,
    side,
    0,
    0,
    size,
    size,
  );
  bitmap.close();
  const webp = await toBlob(canvas, 'image/webp');
  return webp?.type === 'image/webp' ? webp : ((await toBlob(canvas, 'image/png')) ?? file);
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.9));
}
