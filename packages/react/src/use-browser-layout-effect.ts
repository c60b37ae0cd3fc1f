'use client';
import { useEffect, useLayoutEffect } from 'react';

/** Layout effect in the browser, plain effect on the server (React 18 warns about layout effects there). */
export const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
