import { useId } from "react";
import { Labelled } from "@/components/ui/field";

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select: keyboard and screen-reader support come with the element. */
export function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <Labelled htmlFor={id} label={label}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 rounded-t-md border-0 border-b-2 border-border bg-input px-2 text-sm outline-none focus:border-primary"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
