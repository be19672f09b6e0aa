/**
 * The fake Stripe.js the Stripe fake serves at /v3/ (stripe-fake.ts): the subset the billing page
 * uses — `Stripe(pk)`, `elements().create('card')` with `mount`, `on('change')`, `destroy`,
 * `confirmCardPayment` and `confirmCardSetup` — talking to the fake's API like Stripe.js talks to
 * Stripe's (publishable key plus client secret, form-encoded). A card that needs 3-D Secure opens
 * a test authentication dialog with "Complete authentication" and "Fail authentication" buttons.
 */
export const FAKE_STRIPE_JS = String.raw`(function () {
  'use strict';
  var API = '__STRIPE_FAKE_ORIGIN__';

  function flatten(value, prefix, out) {
    if (value === null || value === undefined) return out;
    if (typeof value === 'object') {
      Object.keys(value).forEach(function (key) {
        flatten(value[key], prefix ? prefix + '[' + key + ']' : key, out);
      });
    } else {
      out.push([prefix, String(value)]);
    }
    return out;
  }

  function post(path, body) {
    return fetch(API + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(flatten(body, '', [])).toString(),
    }).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) return { error: json.error || { message: 'Stripe error' } };
        return { ok: json };
      });
    });
  }

  function field(label, placeholder, name) {
    var input = document.createElement('input');
    input.setAttribute('aria-label', label);
    input.setAttribute('placeholder', placeholder);
    input.setAttribute('name', name);
    input.setAttribute('autocomplete', 'off');
    input.style.cssText = 'border:0;outline:0;font:inherit;padding:4px;min-width:0;background:transparent;color:inherit';
    return input;
  }

  function CardElement() {
    this.handlers = {};
    this.host = null;
  }
  CardElement.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw new Error('Stripe fake: nowhere to mount the card element');
    host.innerHTML = '';
    var wrap = document.createElement('div');
    wrap.setAttribute('data-testid', 'stripe-card-element');
    wrap.style.cssText = 'display:flex;gap:4px';
    this.number = field('Card number', '1234 1234 1234 1234', 'cardnumber');
    this.number.style.flex = '3';
    this.expiry = field('Expiration date MM / YY', 'MM / YY', 'exp-date');
    this.expiry.style.flex = '1';
    this.cvc = field('CVC', 'CVC', 'cvc');
    this.cvc.style.flex = '1';
    var self = this;
    [this.number, this.expiry, this.cvc].forEach(function (input) {
      wrap.appendChild(input);
      input.addEventListener('input', function () { self.emit('change', self.state()); });
    });
    host.appendChild(wrap);
    this.host = host;
    this.emit('ready', {});
    return this;
  };
  CardElement.prototype.state = function () {
    var digits = this.number ? this.number.value.replace(/\D/g, '') : '';
    var expiry = this.expiry ? this.expiry.value.replace(/\D/g, '') : '';
    var cvc = this.cvc ? this.cvc.value.replace(/\D/g, '') : '';
    var complete = digits.length >= 15 && expiry.length === 4 && cvc.length >= 3;
    return { elementType: 'card', empty: !digits, complete: complete, error: undefined };
  };
  CardElement.prototype.card = function () {
    var expiry = this.expiry.value.replace(/\D/g, '');
    return {
      number: this.number.value.replace(/\D/g, ''),
      exp_month: expiry.slice(0, 2),
      exp_year: '20' + expiry.slice(2, 4),
      cvc: this.cvc.value.replace(/\D/g, ''),
    };
  };
  CardElement.prototype.on = function (name, handler) {
    (this.handlers[name] = this.handlers[name] || []).push(handler);
    return this;
  };
  CardElement.prototype.off = function (name, handler) {
    this.handlers[name] = (this.handlers[name] || []).filter(function (h) { return h !== handler; });
    return this;
  };
  CardElement.prototype.emit = function (name, payload) {
    (this.handlers[name] || []).forEach(function (handler) { handler(payload); });
  };
  CardElement.prototype.focus = function () { if (this.number) this.number.focus(); };
  CardElement.prototype.clear = function () {
    [this.number, this.expiry, this.cvc].forEach(function (input) { if (input) input.value = ''; });
  };
  CardElement.prototype.unmount = function () { if (this.host) this.host.innerHTML = ''; };
  CardElement.prototype.destroy = CardElement.prototype.unmount;

  function intentId(secret) {
    return String(secret).split('_secret_')[0];
  }

  function threeDSecure() {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-label', '3D Secure authentication');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center';
      var box = document.createElement('div');
      box.style.cssText = 'background:#fff;color:#000;padding:24px;border-radius:8px;font:16px sans-serif;max-width:360px';
      box.innerHTML = '<p>3D Secure test payment page</p>';
      ['Complete authentication', 'Fail authentication'].forEach(function (label, index) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        button.style.margin = '4px';
        button.addEventListener('click', function () {
          overlay.remove();
          resolve(index === 0);
        });
        box.appendChild(button);
      });
      overlay.appendChild(box);
      document.body.appendChild(overlay);
    });
  }

  function paymentMethodParams(data) {
    var method = data && data.payment_method;
    if (typeof method === 'string') return { payment_method: method };
    if (method && method.card instanceof CardElement) return { payment_method_data: { type: 'card', card: method.card.card() } };
    return {};
  }

  window.Stripe = function (key) {
    if (!key || String(key).indexOf('pk_') !== 0) throw new Error('Stripe fake: a publishable key is needed');
    return {
      elements: function () {
        return {
          create: function (type) {
            if (type !== 'card') throw new Error('Stripe fake: only the card element');
            return new CardElement();
          },
        };
      },
      confirmCardPayment: function (secret, data) {
        var id = intentId(secret);
        var params = Object.assign({ key: key, client_secret: secret }, paymentMethodParams(data));
        return post('/v1/payment_intents/' + id + '/confirm', params).then(function (result) {
          if (result.error) return { error: result.error };
          if (result.ok.status !== 'requires_action') return { paymentIntent: result.ok };
          return threeDSecure().then(function (approved) {
            return post('/fake/3ds/' + id + '/' + (approved ? 'approve' : 'fail'), { key: key, client_secret: secret });
          }).then(function (after) {
            if (after.error) return { error: after.error };
            if (after.ok.status !== 'succeeded') return { error: after.ok.last_payment_error, paymentIntent: after.ok };
            return { paymentIntent: after.ok };
          });
        });
      },
      confirmCardSetup: function (secret, data) {
        var params = Object.assign({ key: key, client_secret: secret }, paymentMethodParams(data));
        return post('/v1/setup_intents/' + intentId(secret) + '/confirm', params).then(function (result) {
          if (result.error) return { error: result.error };
          return { setupIntent: result.ok };
        });
      },
    };
  };
})();
`;
