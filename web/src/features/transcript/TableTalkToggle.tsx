interface Props {
  show: boolean;
  onChange: (show: boolean) => void;
  /** Table-talk lines in the transcript. */
  count: number;
}

/** 'Show table talk' above the full transcript, and how many lines it hides when off. */
export function TableTalkToggle({ show, onChange, count }: Props) {
  return (
    <div className="table-talk-toggle">
      <label className="table-talk-switch">
        <input type="checkbox" role="switch" checked={show} onChange={(e) => onChange(e.target.checked)} />
        <span>Show table talk</span>
      </label>
      {!show && count > 0 && (
        <p className="muted table-talk-hidden" role="status">
          {count === 1 ? '1 table-talk line hidden' : `${count} table-talk lines hidden`}
        </p>
      )}
    </div>
  );
}
