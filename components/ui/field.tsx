import { clsx } from "clsx";
import { forwardRef, useId, type InputHTMLAttributes } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
}

/** A labelled, filled text input (spec: filled inputs). */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, hint, className, id, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={clsx(
          "h-11 rounded-t-md border-0 border-b-2 border-border bg-input px-3 text-base outline-none transition-colors",
          "focus:border-primary",
          className,
        )}
        {...props}
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
});
