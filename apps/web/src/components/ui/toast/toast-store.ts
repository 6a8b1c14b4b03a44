import { TOAST_AUTO_CLOSE_MS, TOAST_MAX_VISIBLE } from '@vocalis/domain/ui-constants';

export type ToastVariant = 'info' | 'success' | 'warning' | 'error';

/** A link or button inside a toast (e.g. 'Reset password', 'Sign up', 'Resend email'). */
export type ToastAction = { label: string; href?: string; onClick?: () => void };

export type Toast = {
  id: number;
  variant: ToastVariant;
  title: string;
  description?: string;
  actions?: readonly ToastAction[];
  /**
   * The pathname this toast is about (a failed sign-in belongs to /sign-in): it closes when the user
   * leaves that page, and is not shown at all once the user is elsewhere. Without it a toast follows
   * the user (a success that navigates, like 'Your account has been deleted.').
   */
  page?: string;
};

export type ToastInput = Omit<Toast, 'id'>;

type Listener = () => void;

/**
 * Toast queue shared by React and non-React callers (mutations, the live socket).
 * Each toast closes after TOAST_AUTO_CLOSE_MS; at most TOAST_MAX_VISIBLE show, the oldest is dropped.
 * A toast that repeats one still showing (same variant, title and text: a second failed sign-in, the
 * 'verified' toast of the action page and again of the sign-in) replaces it, newest place and full time.
 * The Toaster reports the current page (`setPage`): toasts bound to another page close then.
 */
export function createToastStore() {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  let currentPage: string | null = null;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<Listener>();

  const emit = () => listeners.forEach((listener) => listener());

  function dismiss(id: number) {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    if (!toasts.some((t) => t.id === id)) return;
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }

  function show(input: ToastInput): number {
    const id = nextId++;
    if (input.page !== undefined && currentPage !== null && input.page !== currentPage) return id;
    const repeats = toasts.filter(
      (t) => t.variant === input.variant && t.title === input.title && t.description === input.description,
    );
    for (const old of repeats) {
      const timer = timers.get(old.id);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(old.id);
    }
    const next = [...toasts.filter((t) => !repeats.includes(t)), { ...input, id }];
    const dropped = next.slice(0, Math.max(0, next.length - TOAST_MAX_VISIBLE));
    for (const old of dropped) {
      const timer = timers.get(old.id);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(old.id);
    }
    toasts = next.slice(-TOAST_MAX_VISIBLE);
    timers.set(
      id,
      setTimeout(() => dismiss(id), TOAST_AUTO_CLOSE_MS),
    );
    emit();
    return id;
  }

  /** The pathname now shown: toasts bound to another page close. */
  function setPage(pathname: string) {
    currentPage = pathname;
    toasts.filter((t) => t.page !== undefined && t.page !== pathname).forEach((t) => dismiss(t.id));
  }

  /** Closes every toast and forgets the page (tests start afresh). */
  function clear() {
    currentPage = null;
    timers.forEach((timer) => clearTimeout(timer));
    timers.clear();
    toasts = [];
    emit();
  }

  return {
    show,
    dismiss,
    setPage,
    clear,
    getSnapshot: (): readonly Toast[] => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The application's toast queue. */
export const toastStore = createToastStore();

const withVariant =
  (variant: ToastVariant) =>
  (title: string, description?: string): number =>
    toastStore.show({ variant, title, description });

/** Shows a toast from anywhere: `toast.error('Unable to sign in')`. */
export const toast = {
  /** The same calls, for toasts about the page at `page` (closed when the user leaves it). */
  forPage: (page: string) => ({
    error: (title: string, description?: string) =>
      toastStore.show({ variant: 'error', title, description, page }),
    success: (title: string, description?: string) =>
      toastStore.show({ variant: 'success', title, description, page }),
    show: (input: Omit<ToastInput, 'page'>) => toastStore.show({ ...input, page }),
  }),
  info: withVariant('info'),
  success: withVariant('success'),
  warning: withVariant('warning'),
  error: withVariant('error'),
  dismiss: (id: number) => toastStore.dismiss(id),
  /** A toast with actions (links or buttons under the text). */
  show: (input: ToastInput) => toastStore.show(input),
};
