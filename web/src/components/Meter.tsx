interface Props {
  /** Styles the bar (its fill is the inner span). */
  className: string;
  label: string;
  value: number;
  max: number;
  /** What a screen reader says instead of the bare number. */
  valueText?: string;
}

/** A level from 0 to `max` drawn as a filled bar and announced to assistive technology as a meter. */
export function Meter({ className, label, value, max, valueText }: Props) {
  return (
    <div
      className={className}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <span style={{ width: `${Math.min(100, (value / max) * 100)}%` }} />
    </div>
  );
}
