import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
import { localToday } from '../../lib/played-on';
import { EditorForm } from './EditorSection';

interface Props {
  current: string;
  onSave: (playedOn: string) => Promise<boolean>;
}

const EMPTY = 'Please enter the date the session was played';
const FUTURE = 'The date played cannot be in the future';

/** The day the session was played (YYYY-MM-DD): a date input and Save, no confirmation needed. */
export function PlayedOnForm({ current, onSave }: Props) {
  const [day, setDay] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // A date input holds '' for anything it cannot read as a day.
    const problem = !day ? EMPTY : day > localToday() ? FUTURE : null;
    setError(problem);
    if (problem) return;
    setBusy(true);
    await onSave(day);
    setBusy(false);
  }

  return (
    <EditorForm
      heading="Date Played"
      onSubmit={(e) => void submit(e)}
      submitLabel="Save Date"
      busyLabel="Saving..."
      busy={busy}
      disabled={day === current}
    >
      <TextField
        label="Date played"
        type="date"
        value={day}
        onChange={setDay}
        min="1970-01-01"
        max={localToday()}
        error={error}
      />
    </EditorForm>
  );
}
