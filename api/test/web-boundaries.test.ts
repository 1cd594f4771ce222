import { importMessages as lintAs, LINT_TIMEOUT_MS } from './lint';

describe('web import direction: app -> features -> shared (eslint.config.mjs)', () => {
  it(
    'refuses another feature and the app in a feature, at any depth',
    () => {
      const messages = lintAs('web/src/features/archive/editors/BoundaryProbe.tsx', [
        "import { QaPage } from '../../qa/QaPage';",
        "import { PlanFields } from '../../../features/plans/operations';",
        "import { router } from '../../../app/router';",
        'export { QaPage, PlanFields, router };',
      ]);
      expect(messages).toHaveLength(3);
      expect(messages[0]).toMatch(/'\.\.\/\.\.\/qa\/QaPage'.*features\/archive must not import another feature/);
      expect(messages[1]).toMatch(/'\.\.\/\.\.\/\.\.\/features\/plans\/operations'.*must not import another feature/);
      expect(messages[2]).toMatch(/'\.\.\/\.\.\/\.\.\/app\/router'.*must not import web\/src\/app/);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'lets a feature import the features listed for it, only through their entry',
    () => {
      const messages = lintAs('web/src/features/recap/BoundaryProbe.tsx', [
        "import { usePlayback } from '../player';",
        "import { TranscriptPlayer } from '../player/TranscriptPlayer';",
        "import { CorrectableTranscript } from '../transcript';",
        'export { usePlayback, TranscriptPlayer, CorrectableTranscript };',
      ]);
      expect(messages).toHaveLength(2);
      expect(messages[0]).toMatch(/'\.\.\/player\/TranscriptPlayer'.*through its entry/);
      expect(messages[1]).toMatch(/'\.\.\/transcript'.*features\/recap must not import another feature/);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'allows a feature its own files and the shared folders',
    () => {
      expect(
        lintAs('web/src/features/qa/BoundaryProbe.tsx', [
          "import { ChatPanel } from './ChatPanel';",
          "import { CampaignSidebar } from '../../components/CampaignSidebar';",
          "import { sortCampaigns } from '../../lib/sort-campaigns';",
          "import { graphql } from '../../gql';",
          'export { ChatPanel, CampaignSidebar, sortCampaigns, graphql };',
        ]),
      ).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'refuses features and the app in shared code',
    () => {
      const messages = lintAs('web/src/components/BoundaryProbe.tsx', [
        "import { useLogout } from '../features/auth/useLogout';",
        "import { router } from '../app/router';",
        'export { useLogout, router };',
      ]);
      expect(messages).toHaveLength(2);
      expect(messages[0]).toMatch(/'\.\.\/features\/auth\/useLogout'.*must not import features or the app/);
      expect(messages[1]).toMatch(/'\.\.\/app\/router'.*must not import features or the app/);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'lets the app import features',
    () => {
      expect(
        lintAs('web/src/app/routes/BoundaryProbe.tsx', [
          "import { DashboardPage } from '../../features/dashboard/DashboardPage';",
          'export { DashboardPage };',
        ]),
      ).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );
});
