import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from '@/components/ui/toast-store';
import { accessToken } from '@/lib/access-token';

// The default 1 s for findBy*/waitFor is too short on a loaded 2-core CI machine, where a first
// render of the app (lazy routes, several fetches) has been seen to take longer.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout; the router's scroll restoration only needs the call to exist.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom never fetches images, so a preloading `new Image()` would wait for its timeout:
// here an image loads as soon as it is given a source.
window.Image = function Image() {
  const img = document.createElement('img');
  const descriptor = Object.getOwnPropertyDescriptor(window.HTMLImageElement.prototype, 'src');
  Object.defineProperty(img, 'src', {
    configurable: true,
    get: () => descriptor?.get?.call(img),
    set: (value: string) => {
      descriptor?.set?.call(img, value);
      if (value) setTimeout(() => img.onload?.(new Event('load')), 0);
    },
  });
  return img;
} as unknown as typeof window.Image;

// jsdom has no object URLs: the storyboard editor shows each slide it fetches through one.
if (!URL.createObjectURL) {
  let made = 0;
  URL.createObjectURL = () => `blob:test/${++made}`;
  URL.revokeObjectURL = () => undefined;
}

// jsdom has no media queries: tests see a wide desktop screen (the queue panel docks and opens
// when a job starts); a test of a narrow screen stubs its own.
if (!window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: !/max-width/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  cleanup();
  clearToasts();
  accessToken.set(null);
  vi.unstubAllGlobals();
  // Drafts (and the queue) live in local storage: each test starts with none.
  window.localStorage.clear();
});
