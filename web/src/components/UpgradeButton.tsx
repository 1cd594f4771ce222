import { useNavigate } from 'react-router-dom';

/** Shown to users without a paid subscription (docs/product.md#roles); opens the plan picker in upgrade mode. */
export function UpgradeButton({ hasSubscription }: { hasSubscription: boolean }) {
  const navigate = useNavigate();
  if (hasSubscription) return null;
  return (
    <button
      type="button"
      className="button button-accent"
      onClick={() => navigate('/plan-select', { state: { isUpgrade: true } })}
    >
      Upgrade Plan
    </button>
  );
}
