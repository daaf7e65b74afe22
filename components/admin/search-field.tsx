import { Field } from "@/components/ui/field";
import { SEARCH_MAX_LENGTH } from "@/components/ui/use-debounced";

/** The admin lists' compact search box, capped at the API's limit on `q`. */
export function SearchField({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange(text: string): void }) {
  return (
    <Field
      label={label}
      type="search"
      maxLength={SEARCH_MAX_LENGTH}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="h-10 text-sm"
    />
  );
}
