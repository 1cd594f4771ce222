import { useQuery } from '@apollo/client/react';
import { Clock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Meter } from '../../components/Meter';
import { useErrorToast } from '../../lib/useErrorToast';
import { DashboardUsageQuery } from './dashboard-operations';

/** Hours as the user reads them: "7 h 15 min", "45 min", "0 min"; never more than there is. */
export function formatHours(hours: number): string {
  // Rounded to the second first, so float noise (7.9999999 h) does not lose a minute.
  const minutes = Math.max(0, Math.floor(Math.round(hours * 3600) / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** The plan's audio hours left this billing month, out of its monthly allowance. */
export function HoursLeft() {
  // Usage changes with every upload and plan change made elsewhere: read afresh on each visit.
  const { data, error } = useQuery(DashboardUsageQuery, { fetchPolicy: 'cache-and-network' });
  useErrorToast(error ? 'Failed to fetch account information' : null);
  const me = data?.me;

  return (
    <section className="card dashboard-section hours-left" aria-labelledby="hours-left-title">
      <h2 id="hours-left-title">
        <Clock size={18} aria-hidden="true" /> Audio hours
      </h2>
      {!me ? (
        <p className="muted">Loading…</p>
      ) : me.usage.uploadLimit > 0 ? (
        <>
          <p className="hours-left-figure">
            <strong>{formatHours(me.usage.remainingTime)}</strong> left of {formatHours(me.usage.uploadLimit)} this
            month on {me.plan.name}
          </p>
          <Meter
            className="hours-left-bar"
            label="Audio hours left this month"
            value={me.usage.remainingTime}
            max={me.usage.uploadLimit}
            valueText={`${formatHours(me.usage.remainingTime)} left`}
          />
          {!me.usage.canUpload && (
            <p className="notice notice-error">
              You have used this month's audio hours. <Link to="/plan-select">Upgrade your plan</Link> to upload more.
            </p>
          )}
        </>
      ) : (
        <p>
          {me.plan.name} has no audio hours for uploads. <Link to="/plan-select">Choose a plan</Link> to upload
          recordings.
        </p>
      )}
    </section>
  );
}
