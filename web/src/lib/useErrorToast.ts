import { useEffect } from 'react';
import toast from 'react-hot-toast';

/**
 * Shows a loading failure as an error toast (docs/product.md#messages), once per failure: the message is
 * also the toast id, so re-renders and a second screen reporting the same failure don't stack it.
 */
export function useErrorToast(message: string | null): void {
  useEffect(() => {
    if (message) toast.error(message, { id: message });
  }, [message]);
}
