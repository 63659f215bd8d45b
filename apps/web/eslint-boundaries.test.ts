import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint setup (eslint.config.js), run on fixture sources placed at real paths: the
// boundaries between features hold for lazy imports (the router's pages) as for static ones. The cycle check,
// which walks the real import graph for seconds, has nothing to say about them.
const eslint = new ESLint({
  cwd: path.resolve(import.meta.dirname, '../..'),
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
});

const boundaryErrors = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax' || message.ruleId === 'no-restricted-imports')
    .map((message) => `${message.line}:${message.ruleId}`);
};

describe('web feature boundaries (eslint.config.js)', () => {
  it.each([
    ['the router', 'apps/web/src/app/router.tsx', "import('@/features/auth/routes/login');", ['1:no-restricted-syntax']],
    ['the router', 'apps/web/src/app/router.tsx', "import('../features/usage/routes/usage');", ['1:no-restricted-syntax']],
    ['the router', 'apps/web/src/app/router.tsx', "import('@/features/auth');\nimport('./layouts/auth-layout');", []],
    ['a root module', 'apps/web/src/prerender.tsx', "import('@/features/legal/routes/terms-of-use');", ['1:no-restricted-syntax']],
    ['another feature', 'apps/web/src/features/payments/components/x.tsx', "import('@/features/dashboard/routes/dashboard');", ['1:no-restricted-syntax']],
    ['another feature', 'apps/web/src/features/payments/components/x.tsx', "import('../../dashboard/routes/dashboard');", ['1:no-restricted-syntax']],
    ['another feature', 'apps/web/src/features/payments/x.ts', "import('../dashboard/api/get-latest-invoices');", ['1:no-restricted-syntax']],
    ['another feature', 'apps/web/src/features/payments/x.ts', "import('@/features/dashboard');", []],
    ['its own feature', 'apps/web/src/features/payments/components/x.tsx', "import('./pay-modal');\nimport('../routes/payments');\nimport('@/features/payments/routes/payments');", []],
    ['lib', 'apps/web/src/lib/x.ts', "import('@/features/auth');", ['1:no-restricted-syntax']],
  ])('%s (%s): %s', async (_who, filePath, code, expected) => {
    expect(await boundaryErrors(filePath, code)).toEqual(expected);
  });

  it('rejects a static import of another feature’s internals as before', async () => {
    const code = "import { homeModelQuery } from '@/features/dashboard/api/get-home-model';\nexport const q = homeModelQuery;\n";
    expect(await boundaryErrors('apps/web/src/features/payments/x.ts', code)).toEqual(['1:no-restricted-imports']);
  });
});
