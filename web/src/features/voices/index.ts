/** The GM's Voices panel on a session. */
export { VoicesPanel } from './VoicesPanel';
