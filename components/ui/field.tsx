import { clsx } from "clsx";
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

interface LabelledProps {
  /** the control's id */
  htmlFor: string;
  label: string;
  hint?: string;
  /** the hint's id, for a control that points at it with aria-describedby */
  hintId?: string;
  /** the control */
  children: ReactNode;
}

/** A control with its label above and an optional hint below: the markup Field, TextArea and selects share. */
export function Labelled({ htmlFor, label, hint, hintId, children }: LabelledProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
}

/** A labelled, filled text input (spec: filled inputs). */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, hint, className, id, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Labelled htmlFor={inputId} label={label} hint={hint}>
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
    </Labelled>
  );
});

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** shown below and read out with the textarea (aria-describedby) */
  hint?: string;
}

/** A labelled, filled textarea in the style of Field. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ label, hint, className, id, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  return (
    <Labelled htmlFor={inputId} label={label} hint={hint} hintId={hintId}>
      <textarea
        ref={ref}
        id={inputId}
        aria-describedby={hint ? hintId : undefined}
        className={clsx(
          "min-h-20 rounded-t-md border-0 border-b-2 border-border bg-input px-3 py-2 text-base outline-none transition-colors",
          "focus:border-primary",
          className,
        )}
        {...props}
      />
    </Labelled>
  );
});
