// Test-only: jsdom has no HTMLDialogElement#showModal/close; the package's testing export installs a stand-in.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installDialogPolyfill } from '../testing.js';

afterEach(() => cleanup());
installDialogPolyfill();
