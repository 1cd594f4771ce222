import { useState } from 'react';
import { TextField } from '../../components/TextField';
import { ConfirmStep, EditorForm } from './EditorSection';
import { useConfirmation } from './useConfirmation';

interface Props {
  /** 'Campaign' or 'Session': names the input and the buttons. */
  noun: string;
  current: string;
  onRename: (title: string) => Promise<boolean>;
}

/** Rename via input, then a confirmation, then done (docs/product.md#states). */
export function RenameForm({ noun, current, onRename }: Props) {
  const [name, setName] = useState(current);
  const step = useConfirmation(
    () => (name.trim() ? null : 'Please enter a valid name'),
    () => onRename(name.trim()),
  );

  if (step.confirming) {
    return (
      <ConfirmStep
        heading={`Rename ${noun}`}
        onBack={step.back}
        confirmLabel="Confirm Rename"
        busyLabel="Renaming..."
        busy={step.busy}
        onConfirm={step.confirm}
      >
        <p>
          Rename “{current}” to “{name.trim()}”?
        </p>
      </ConfirmStep>
    );
  }

  return (
    <EditorForm heading={`Rename ${noun}`} onSubmit={step.ask} submitLabel={`Rename ${noun}`}>
      <TextField label={`${noun} name`} value={name} onChange={setName} maxLength={200} error={step.error} />
    </EditorForm>
  );
}
