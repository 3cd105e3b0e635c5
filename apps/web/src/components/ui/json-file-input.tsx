import { useId, type Ref } from 'react';

/**
 * A hidden picker of one JSON file, opened by a button or menu item of the page through `ref`
 * (`ref.current.click()`), with its label for screen readers. Picking the same file again
 * picks it again: the value is cleared after each choice.
 */
export function JsonFileInput({
  ref,
  label,
  onFile,
}: {
  ref: Ref<HTMLInputElement>;
  label: string;
  onFile: (file: File) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </>
  );
}
