import { describe, expect, it } from 'vitest';
import { seedNotices } from '../../src/seed/notices.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

describe('seedNotices', () => {
  it('gives both sites notices in both languages and a version list with notes grouped by kind', async () => {
    expect(await seedNotices(t.deps)).toEqual({ notices: 8, versions: 5 });
    for (const site of [api.native, api.abroad]) {
      const list = (await site.get('/api/notices')).json();
      expect(list.meta.total_count).toBe(4);
      expect(list.notices[0].pinned).toBe(true);
      for (const n of list.notices) expect(n.title.chs).not.toBe(n.title.en);
    }
    const versions = (await api.native.get('/api/version_infos')).json();
    expect(versions.version_infos.map((v: { status: string }) => v.status)).toEqual(['planned', 'developing', 'testing', 'released', 'released']);
    const latest = (await api.native.get('/api/version_releases')).json();
    expect(latest.version_info.version).toBe('2.9');
    expect(latest.version_releases.map((g: { kind: string }) => g.kind)).toEqual(['feature', 'improvement', 'fix']);
  });
});
