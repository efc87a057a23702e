import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The two modules every bundle gets from the site-config plugin (scripts/site-config/): their own
 * body, which reads site.config.yaml from disk, runs only where no bundler does (tsx, Playwright).
 */
const commonToolFallbacks = [
  'common/site-config/site-config-values.ts',
  'common/site-config/activity-counter-mode.ts',
]

/** A relative or aliased import that reaches into one of the project's top-level folders. */
const reaching = (folder) => ({
  regex: folder === 'src' ? `^(@/|(\\.\\./)+src/)` : `^(\\.\\./)+${folder}/`,
  message: `${folder}/ is another program: share the code through common/ instead.`,
})

const boundaries = {
  src: ['server', 'admin', 'scripts'],
  server: ['src', 'admin', 'scripts'],
  admin: ['src', 'server', 'scripts'],
  common: ['src', 'server', 'admin', 'scripts'],
}

const importBoundaries = Object.entries(boundaries).map(([folder, forbidden]) => ({
  files: [`${folder}/**/*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}', ...(folder === 'common' ? commonToolFallbacks : [])],
  rules: {
    'no-restricted-imports': ['error', { patterns: forbidden.map(reaching) }],
  },
}))

export default tseslint.config(
  { ignores: ['dist', '.build', 'node_modules', 'test-results', 'playwright-report', 'dist-*'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  // The three programs share code through common/ only (docs/architecture.md): the public site
  // (src/), the relay (server/) and the back-office (admin/) never import one another, and
  // common/ imports nothing of theirs. Tests, scripts and browser tests may import what they test.
  ...importBoundaries,
  {
    // Tests assert what exists right before using it; `!` there reads better than a guard.
    files: ['e2e/**', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
)
