import { defineConfig } from 'vitest/config';
import { skippedWithoutDatabase } from '../../scripts/data-paths-only';

export default defineConfig({ test: skippedWithoutDatabase('the shared package tests') });
