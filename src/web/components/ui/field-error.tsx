/** A field's inline error, announced when it appears; tied to the input by `${inputId}-error`. */
export function FieldError({ inputId, message }: { inputId: string; message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}
