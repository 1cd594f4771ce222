import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { badInput } from '../../kernel/errors';

/** The rule's texts; the web shows them as they are. */
export const PLAYED_ON_MESSAGES = {
  invalid: 'Please enter the date the session was played as YYYY-MM-DD',
  tooEarly: 'The date played must be in 1970 or later',
  future: 'The date played cannot be in the future',
} as const;

/** Older than any digital recording of a game night someone would upload. */
const EARLIEST = '1970-01-01';
const SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date in UTC as YYYY-MM-DD. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A played-on date as the owner sent it: a real calendar day (no 2024-02-30) from 1970 up to
 * tomorrow. Tomorrow, because the browser sends its own local date, which east of UTC is already
 * the next day while the server's is not.
 */
export function parsePlayedOn(value: unknown, field: string, now = new Date()): string {
  if (typeof value !== 'string' || !SHAPE.test(value.trim())) throw badInput(PLAYED_ON_MESSAGES.invalid, field);
  const day = value.trim();
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || isoDay(parsed) !== day) throw badInput(PLAYED_ON_MESSAGES.invalid, field);
  if (day < EARLIEST) throw badInput(PLAYED_ON_MESSAGES.tooEarly, field);
  if (day > isoDay(new Date(now.getTime() + 24 * 3600 * 1000))) throw badInput(PLAYED_ON_MESSAGES.future, field);
  return day;
}

/**
 * A calendar day without a time or zone, as YYYY-MM-DD. The scalar only takes strings; the
 * services check the day itself so REST and GraphQL refuse a bad one with the same message.
 */
export const LocalDateScalar = new GraphQLScalarType<string, string>({
  name: 'Date',
  description: 'A calendar date without time or zone, YYYY-MM-DD',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== 'string') throw new GraphQLError(PLAYED_ON_MESSAGES.invalid);
    return value;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError(PLAYED_ON_MESSAGES.invalid);
    return ast.value;
  },
});
