import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AttachmentView } from '@/features/social-chat/components/attachment-view';

const attachment = (name: string, mimeType: string) => ({
  id: 'f1',
  name,
  size: 2048,
  mimeType,
  url: '/api/chat-social-msg/files/f1',
});

describe('a file in a message, by kind', () => {
  it('shows a raster image in place', () => {
    render(<AttachmentView attachment={attachment('dot.png', 'image/png')} />);
    expect(screen.getByRole('img', { name: 'dot.png' })).toHaveAttribute(
      'src',
      '/api/chat-social-msg/files/f1',
    );
  });

  it('plays audio and video in the browser’s players, with a download beside them', () => {
    const { container, unmount } = render(
      <AttachmentView attachment={attachment('song.mp3', 'audio/mpeg')} />,
    );
    expect(container.querySelector('audio[controls]')).toHaveAttribute(
      'src',
      '/api/chat-social-msg/files/f1',
    );
    expect(screen.getByRole('link', { name: 'Download song.mp3' })).toHaveAttribute('download');
    unmount();
    const video = render(<AttachmentView attachment={attachment('clip.webm', 'video/webm')} />);
    expect(video.container.querySelector('video[controls]')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download clip.webm' })).toBeInTheDocument();
  });

  it.each([
    ['photo.heic', 'image/heic'],
    ['report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['drawing.svg', 'image/svg+xml'],
    ['page.html', 'text/html'],
  ])('offers %s only as a download, never shown in place', (name, mimeType) => {
    const { container } = render(<AttachmentView attachment={attachment(name, mimeType)} />);
    expect(screen.getByRole('link', { name: `Download ${name}` })).toHaveTextContent('2.0 KB');
    expect(container.querySelector('img, audio, video, iframe, object, embed')).toBeNull();
  });
});
