// jsdom has no HTMLDialogElement#showModal: the kit's testing export installs a stand-in (browsers have the real one).
import { installDialogPolyfill } from '@elicitation-kit/react/testing';

installDialogPolyfill();
