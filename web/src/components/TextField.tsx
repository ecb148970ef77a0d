import { Field, Input, type InputProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * A form's one-line field: its label, the input, and the field's error when it has one (the field
 * then marked invalid), otherwise an optional helper line. `onValueChange` takes the text.
 */
export function TextField({
  label,
  error,
  helper,
  required = false,
  maxWidth,
  onValueChange,
  ...input
}: Omit<InputProps, "onChange"> & {
  label: ReactNode;
  error?: string | null;
  helper?: ReactNode;
  required?: boolean;
  onValueChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required || undefined} maxWidth={maxWidth}>
      <Field.Label>{label}</Field.Label>
      <Input {...input} onChange={(event) => onValueChange(event.target.value)} />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : helper ? (
        <Field.HelperText>{helper}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
