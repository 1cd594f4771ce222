import { useState } from 'react';
import { Field } from '../../components/Field';
import { ConfirmStep, EditorForm } from './EditorSection';
import { useConfirmation } from './useConfirmation';

interface Props {
  session: string;
  /** The caller's own campaigns other than the session's current one. */
  targets: readonly { id: string; title: string }[];
  onMove: (campaignId: string) => Promise<boolean>;
}

/** Move a session to another own campaign, with a confirmation (docs/product.md#states). */
export function MoveForm({ session, targets, onMove }: Props) {
  const [target, setTarget] = useState('');
  const step = useConfirmation(
    () => (target ? null : 'Please select a campaign'),
    () => onMove(target),
  );

  if (step.confirming) {
    const targetTitle = targets.find((t) => t.id === target)?.title ?? '';
    return (
      <ConfirmStep
        heading="Move Session"
        onBack={step.back}
        confirmLabel="Confirm Move"
        busyLabel="Moving..."
        busy={step.busy}
        onConfirm={step.confirm}
      >
        <p>
          Move “{session}” to “{targetTitle}”?
        </p>
      </ConfirmStep>
    );
  }

  return (
    <EditorForm heading="Move Session" onSubmit={step.ask} submitLabel="Move Session" tone="secondary">
      <Field label="Move to campaign" error={step.error}>
        {(control) => (
          <select {...control} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">Select a campaign</option>
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      {targets.length === 0 && <p className="muted">Create another campaign on the Dashboard to move sessions.</p>}
    </EditorForm>
  );
}
