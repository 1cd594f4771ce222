const KIB = 1024;
const MIB = KIB * 1024;
const GIB = MIB * 1024;

const bytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'byte', unitDisplay: 'long' });
const scaled = (unit: 'kilobyte' | 'megabyte' | 'gigabyte') =>
  new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
const units = [
  [GIB, scaled('gigabyte')],
  [MIB, scaled('megabyte')],
  [KIB, scaled('kilobyte')],
] as const;

/**
 * A file's size as it is: "0 bytes", "1 byte", "512 bytes", "1.5 kB", "12.3 MB", in the binary
 * units the 1 GB upload limit is counted in. Nothing small is rounded up to a kilobyte.
 */
export function formatSize(size: number): string {
  for (const [unit, format] of units) if (size >= unit) return format.format(size / unit);
  return bytes.format(size);
}
