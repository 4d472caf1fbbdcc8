// What `git commit` accepts (the commit-msg hook runs commitlint; CONTRIBUTING.md, "Commits"): Conventional Commits
// with the workspace as scope, a subject a reader can scan, and the figures, dates and issue numbers in the body.
const { workspaces } = require('./package.json');

/** Each workspace by its folder's last part (`packages/ui` is `ui`), and what lives beside them. */
const SCOPES = [...workspaces.map((folder) => folder.split('/').pop()), 'config', 'scripts', 'deps', 'ci'];

/** A figure, a date or an issue number: a number standing on its own (`250 MB`, `2026-12-07`, `#47`), not `e2e`. */
const FIGURE = /(^|[^\p{L}\p{N}])#?\d/u;

module.exports = {
  extends: ['@commitlint/config-conventional'],
  plugins: [
    {
      rules: {
        'subject-no-figures': ({ subject }) => [
          !subject || !FIGURE.test(subject),
          'figures, dates and issue numbers belong in the body, not the subject',
        ],
      },
    },
  ],
  rules: {
    'header-max-length': [2, 'always', 72],
    // An issue named in the body ("issue #49") reads to the parser as a reference that starts a footer.
    'footer-leading-blank': [0],
    'scope-enum': [2, 'always', SCOPES],
    'subject-no-figures': [2, 'always'],
  },
};
