import { setWindowWidth } from './match-media';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// CI runs every project at once on 2 cores: lazy pages and antd can take more than the default 1 s to
// appear. Waiting longer changes no assertion, only how long a failing one takes to report.
configure({ asyncUtilTimeout: 8_000 });

// jsdom lacks what react-router 7 and antd expect from a browser.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// no layout in jsdom: every media query answers false (a wide screen) unless a test sets a width
if (!window.matchMedia) setWindowWidth(Infinity);

class ResizeObserverShim {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.assign(window, { ResizeObserver: ResizeObserverShim });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverShim });
}

// antd measures scrollbars through getComputedStyle with a pseudo element; jsdom does not support it.
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => realGetComputedStyle(elt);

// antd's Form (rc-form's watchers) batches in a macrotask through MessageChannel, which jsdom lacks.
if (!('MessageChannel' in globalThis)) {
  class MessageChannelShim {
    port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
    port2 = {
      postMessage: (data: unknown) => {
        setTimeout(() => this.port1.onmessage?.({ data }), 0);
      },
    };
  }
  Object.assign(globalThis, { MessageChannel: MessageChannelShim });
}
