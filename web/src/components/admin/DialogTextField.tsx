import { Field, Textarea } from "@chakra-ui/react";

/**
 * A dialog's free text (a reason, payment notes): its label, a required marker where it must be
 * filled, an optional helper line, at most 1,000 characters (the server's limit for such texts).
 */
export function DialogTextField({
  label,
  name,
  value,
  onChange,
  required = false,
  rows = 3,
  helper,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  rows?: number;
  helper?: string;
}) {
  return (
    <Field.Root required={required || undefined}>
      <Field.Label>
        {label}
        {required ? (
          <>
            {" "}
            <Field.RequiredIndicator />
          </>
        ) : null}
      </Field.Label>
      <Textarea
        name={name}
        rows={rows}
        maxLength={1000}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}
