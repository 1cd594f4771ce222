import { Dialog } from '../../components/Dialog';

interface Props {
  onClose: () => void;
}

/**
 * Shown once the whole file is sent (docs/product.md#states): the api still stores and checks it before it
 * answers, which for a long recording takes a while. Closing it only hides it.
 */
export function ProcessingDialog({ onClose }: Props) {
  return (
    <Dialog title="Processing" onClose={onClose}>
      <div className="processing-body" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Your recording is uploaded. We are checking it and starting the transcription…</p>
      </div>
    </Dialog>
  );
}
