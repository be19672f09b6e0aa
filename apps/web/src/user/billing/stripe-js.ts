/**
 * Stripe.js, loaded on demand from the address the panel gives (STRIPE_JS_URL; the panel's CSP
 * allows that origin only) and typed for the subset the billing page uses.
 */
export interface StripeCardElement {
  mount(target: HTMLElement | string): void;
  on(event: 'change', handler: (event: { complete: boolean; error?: { message: string } }) => void): void;
  destroy(): void;
}

interface StripeResult {
  error?: { message?: string };
  paymentIntent?: { id: string; status: string };
  setupIntent?: { id: string; status: string; payment_method: string | null };
}

export interface StripeClient {
  elements(): { create(type: 'card', options?: object): StripeCardElement };
  confirmCardPayment(secret: string, data?: { payment_method: string | { card: StripeCardElement } }): Promise<StripeResult>;
  confirmCardSetup(secret: string, data: { payment_method: { card: StripeCardElement } }): Promise<StripeResult>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeClient;
  }
}

const loading = new Map<string, Promise<void>>();

export function loadStripe(url: string, publishableKey: string): Promise<StripeClient> {
  let script = loading.get(url);
  if (!script) {
    script = new Promise<void>((resolve, reject) => {
      const element = document.createElement('script');
      element.src = url;
      element.async = true;
      element.onload = () => resolve();
      element.onerror = () => {
        loading.delete(url);
        reject(new Error('Stripe.js did not load'));
      };
      document.head.appendChild(element);
    });
    loading.set(url, script);
  }
  return script.then(() => {
    if (!window.Stripe) throw new Error('Stripe.js did not load');
    return window.Stripe(publishableKey);
  });
}
