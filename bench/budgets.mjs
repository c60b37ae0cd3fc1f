#!/usr/bin/env node
// The root `npm test` runs `pnpm --filter @elicitation-kit/bench budgets` (= src/budgets.mjs) when this file exists.
// Running it directly does the same: deterministic budgets only (sizes, zero lost or duplicated answers), exit 1 on
// any breach.
import { checkBudgets } from './src/budgets.mjs';

const { breaches } = await checkBudgets();
if (breaches.length > 0) process.exit(1);
