import './progress-bar.css';

interface Props {
  /** 0–100; rounded down so a bar never claims 100% before the work is done. */
  percent: number;
  label: string;
}

/** A horizontal bar with its percentage, announced to assistive technology as a progressbar. */
export function ProgressBar({ percent, label }: Props) {
  const value = Math.min(100, Math.max(0, Math.floor(percent)));
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <span className="progress-bar-fill" style={{ width: `${value}%` }} />
    </div>
  );
}
