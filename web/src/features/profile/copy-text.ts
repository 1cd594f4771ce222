import toast from 'react-hot-toast';

/** Copies to the clipboard, saying so; where the browser refuses, asks for a copy by hand. */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied to clipboard`);
  } catch {
    toast.error('Could not copy; select the text and copy it by hand.');
  }
}
