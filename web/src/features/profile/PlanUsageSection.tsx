import { formatHours, type Account } from './fields';

/** Plan Usage: this billing month's audio hours (docs/product.md#plans-and-limits: shown in hours). */
export function PlanUsageSection({ usage }: { usage: Account['usage'] }) {
  const share = usage.uploadLimit > 0 ? Math.min(100, (usage.usedTime / usage.uploadLimit) * 100) : 100;
  return (
    <section className="card profile-section" aria-labelledby="usage-title">
      <h2 id="usage-title">Plan Usage</h2>
      <div
        className="usage-bar"
        role="progressbar"
        aria-label="Audio hours used this month"
        aria-valuemin={0}
        aria-valuemax={usage.uploadLimit}
        aria-valuenow={usage.usedTime}
      >
        <span style={{ width: `${share}%` }} />
      </div>
      <dl className="usage-figures">
        <div>
          <dt>Monthly limit</dt>
          <dd>{formatHours(usage.uploadLimit)}</dd>
        </div>
        <div>
          <dt>Used</dt>
          <dd>{formatHours(usage.usedTime)}</dd>
        </div>
        <div>
          <dt>Remaining</dt>
          <dd>{formatHours(usage.remainingTime)}</dd>
        </div>
      </dl>
      {!usage.canUpload && (
        <p className="notice notice-error">You have used this month's audio hours. Upgrade your plan to upload more.</p>
      )}
    </section>
  );
}
