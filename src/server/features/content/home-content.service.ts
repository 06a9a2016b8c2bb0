import { missingTranslations } from '../../../shared/missing-translations.ts';
import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  bannerWindowErrors,
  CATEGORY_UNKNOWN,
  DEFAULT_HOME_LAYOUT,
  homeLayoutSchema,
  type BannerCreate,
  type BannerListQuery,
  type BannerStatus,
  type BannerUpdate,
  type ConsoleBanner,
  type ConsoleHomeLayout,
  type HomeLayout,
} from '../../../shared/home-content.contract.ts';
import type { HomeSection } from '../../../shared/catalog.contract.ts';
import { HOME_PREVIEW_PARAM } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { banners, categories, homeLayouts } from '../../db/schema.ts';
import { mergedTranslations, type Translations } from '../../db/translations.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import type { Caches } from '../../platform/caches.ts';
import { notFound, validationFailed } from '../../platform/errors.ts';
import { likeEscaped } from '../../platform/keyset-pages.ts';
import type { LinkSigner } from '../../platform/signed-links.ts';

export interface HomeContentWrites {
  db: Db;
  caches: Caches;
  now(): Date;
}

export const BANNER_NOT_FOUND = 'Banner not found';
const REORDER_INCOMPLETE = 'The ids must list each of them once.';

/** `GET /api/home` and the pages server-rendered from it show what was written on the next request, on every instance. */
const invalidateHome = (caches: Caches) => caches.invalidate([cacheTags.home]);

// ---- Banners ----

/** The texts (and the picture) a banner has per language. */
type BannerTranslated = 'title' | 'subtitle' | 'image' | 'image_alt';

const bannerColumns = {
  id: banners.id,
  title: banners.title,
  subtitle: banners.subtitle,
  image: banners.image,
  imageAlt: banners.imageAlt,
  link: banners.link,
  translations: banners.translations,
  isActive: banners.isActive,
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
  sortOrder: banners.sortOrder,
};

type BannerRow = Pick<typeof banners.$inferSelect, keyof typeof bannerColumns>;

export function bannerStatus(banner: { isActive: boolean; startsAt: Date | null; endsAt: Date | null }, now: Date): BannerStatus {
  if (!banner.isActive) return 'inactive';
  if (banner.startsAt && banner.startsAt > now) return 'scheduled';
  if (banner.endsAt && banner.endsAt <= now) return 'ended';
  return 'active';
}

/** The banners of one status at `now`, in SQL. */
function statusCondition(status: BannerStatus, now: Date): SQL | undefined {
  if (status === 'inactive') return eq(banners.isActive, false);
  if (status === 'scheduled') return and(eq(banners.isActive, true), gt(banners.startsAt, now));
  if (status === 'ended') return and(eq(banners.isActive, true), isNotNull(banners.endsAt), lte(banners.endsAt, now));
  return and(eq(banners.isActive, true), or(sql`${banners.startsAt} is null`, lte(banners.startsAt, now)), or(sql`${banners.endsAt} is null`, gt(banners.endsAt, now)));
}

function consoleBanner(row: BannerRow, now: Date): ConsoleBanner {
  const translations = row.translations ?? {};
  const texts: Record<BannerTranslated, string> = { title: row.title, subtitle: row.subtitle, image: row.image, image_alt: row.imageAlt };
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    image_alt: row.imageAlt,
    link: row.link,
    translations: translations as ConsoleBanner['translations'],
    is_active: row.isActive,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    sort_order: row.sortOrder,
    status: bannerStatus(row, now),
    missing_translations: missingTranslations(texts, translations),
  };
}

const bannerOrder = [asc(banners.sortOrder), asc(banners.id)];

async function selectBanners(db: Db, now: Date, where?: SQL): Promise<ConsoleBanner[]> {
  return (await db.select(bannerColumns).from(banners).where(where).orderBy(...bannerOrder)).map((row) => consoleBanner(row, now));
}

/** `GET /api/console/banners`: the home page's order, by status at `now` and a search in the title in any language. */
export function listConsoleBanners(db: Db, query: BannerListQuery, now: Date): Promise<ConsoleBanner[]> {
  const pattern = query.search === undefined ? undefined : `%${likeEscaped(query.search)}%`;
  return selectBanners(
    db,
    now,
    and(
      query.status === undefined ? undefined : statusCondition(query.status, now),
      pattern === undefined ? undefined : or(sql`${banners.title} ilike ${pattern}`, sql`${banners.translations}::text ilike ${pattern}`),
    ),
  );
}

async function loadBanner(db: Db, id: number, now: Date, { lock = false } = {}): Promise<ConsoleBanner> {
  if (lock) await db.select({ id: banners.id }).from(banners).where(eq(banners.id, id)).for('update');
  const [banner] = await selectBanners(db, now, eq(banners.id, id));
  if (!banner) throw notFound(BANNER_NOT_FOUND);
  return banner;
}

export const readConsoleBanner = (db: Db, id: number, now: Date) => loadBanner(db, id, now);

const auditedBanner = ({ id: _id, status: _status, missing_translations: _missing, ...fields }: ConsoleBanner) => fields;
const dateOrNull = (moment: string | null) => (moment === null ? null : new Date(moment));

/** Adds a banner after the last one (the console's create, and the demo store's seed): its id. */
export async function insertBanner(tx: Db, input: BannerCreate): Promise<number> {
  const [last] = await tx.select({ order: sql<number>`coalesce(max(${banners.sortOrder}), 0)::int` }).from(banners);
  const [created] = await tx
    .insert(banners)
    .values({
      title: input.title,
      subtitle: input.subtitle,
      image: input.image,
      imageAlt: input.image_alt,
      link: input.link,
      translations: mergedTranslations({}, input.translations),
      isActive: input.is_active,
      startsAt: dateOrNull(input.starts_at),
      endsAt: dateOrNull(input.ends_at),
      sortOrder: (last?.order ?? 0) + 1,
    })
    .returning({ id: banners.id });
  return created!.id;
}

/** `POST /api/console/banners`. */
export async function createBanner({ db, caches, now }: HomeContentWrites, input: BannerCreate, context: AuditContext): Promise<ConsoleBanner> {
  const banner = await inRetriedTransaction(db, async (tx) => {
    const banner = await loadBanner(tx, await insertBanner(tx, input), now());
    await recordAudit(tx, context, { action: 'banner.create', entityType: 'banner', entityId: banner.id, shopId: null, before: null, after: auditedBanner(banner) });
    return banner;
  });
  invalidateHome(caches);
  return banner;
}

/** `PATCH /api/console/banners/{id}`: the fields given; a window given in part is checked with its stored other end. */
export async function updateBanner({ db, caches, now }: HomeContentWrites, id: number, input: BannerUpdate, context: AuditContext): Promise<ConsoleBanner> {
  const banner = await inRetriedTransaction(db, async (tx) => {
    const before = await loadBanner(tx, id, now(), { lock: true });
    const windowErrors = bannerWindowErrors({ starts_at: input.starts_at === undefined ? before.starts_at : input.starts_at, ends_at: input.ends_at === undefined ? before.ends_at : input.ends_at });
    if (Object.keys(windowErrors).length > 0) throw validationFailed(Object.fromEntries(Object.entries(windowErrors).map(([field, message]) => [field, [message]])));
    await tx
      .update(banners)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.subtitle !== undefined && { subtitle: input.subtitle }),
        ...(input.image !== undefined && { image: input.image }),
        ...(input.image_alt !== undefined && { imageAlt: input.image_alt }),
        ...(input.link !== undefined && { link: input.link }),
        ...(input.translations !== undefined && { translations: mergedTranslations(before.translations as Translations, input.translations) }),
        ...(input.is_active !== undefined && { isActive: input.is_active }),
        ...(input.starts_at !== undefined && { startsAt: dateOrNull(input.starts_at) }),
        ...(input.ends_at !== undefined && { endsAt: dateOrNull(input.ends_at) }),
        updatedAt: sql`now()`,
      })
      .where(eq(banners.id, id));
    const after = await loadBanner(tx, id, now());
    await recordAudit(tx, context, { action: 'banner.update', entityType: 'banner', entityId: id, shopId: null, before: auditedBanner(before), after: auditedBanner(after) });
    return after;
  });
  invalidateHome(caches);
  return banner;
}

/** `POST /api/console/banners/reorder`: `ids` is every banner once, in the new order, numbered 1, 2, … in one statement. */
export async function reorderBanners({ db, caches, now }: HomeContentWrites, ids: readonly number[], context: AuditContext): Promise<ConsoleBanner[]> {
  await inRetriedTransaction(db, async (tx) => {
    const current = (await tx.select({ id: banners.id }).from(banners).orderBy(...bannerOrder).for('update')).map((row) => row.id);
    const given = new Set(ids);
    if (given.size !== ids.length || ids.length !== current.length || current.some((id) => !given.has(id))) throw validationFailed({ ids: [REORDER_INCOMPLETE] });
    await tx.execute(sql`update ${banners} set sort_order = given.position::int
      from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as given(id, position)
      where ${banners}.id = given.id`);
    await recordAudit(tx, context, { action: 'banner.reorder', entityType: 'banner', entityId: '*', shopId: null, before: { order: current }, after: { order: ids } });
  });
  invalidateHome(caches);
  return selectBanners(db, now());
}

// ---- Home layout ----

type LayoutState = (typeof homeLayouts.$inferSelect)['state'];

/** The layout stored as `state`, the default one where none is (or what is stored no longer reads as one). */
export async function readHomeLayout(db: Db, state: LayoutState): Promise<HomeLayout> {
  const [row] = await db.select({ layout: homeLayouts.layout }).from(homeLayouts).where(eq(homeLayouts.state, state));
  const parsed = homeLayoutSchema.safeParse(row?.layout);
  return parsed.success ? parsed.data : DEFAULT_HOME_LAYOUT;
}

/** Stores the layout as `state` (the console's writes, and the demo store's seed). */
export async function writeHomeLayout(tx: Db, state: LayoutState, layout: HomeLayout) {
  await tx
    .insert(homeLayouts)
    .values({ state, layout })
    .onConflictDoUpdate({ target: homeLayouts.state, set: { layout, updatedAt: sql`now()` } });
}

const sameLayout = (one: HomeLayout, other: HomeLayout) => JSON.stringify(one) === JSON.stringify(other);

/** `GET /api/console/home-layout`. */
export async function readConsoleHomeLayout(db: Db): Promise<ConsoleHomeLayout> {
  const [draft, live] = await Promise.all([readHomeLayout(db, 'draft'), readHomeLayout(db, 'live')]);
  return { draft, live, unpublished_changes: !sameLayout(draft, live) };
}

/** `PUT /api/console/home-layout`: the draft changes; the storefront shows it once published. */
export async function saveHomeLayoutDraft(db: Db, layout: HomeLayout, context: AuditContext): Promise<ConsoleHomeLayout> {
  await inRetriedTransaction(db, async (tx) => {
    if (layout.category_ids.length > 0) {
      const known = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, layout.category_ids));
      if (known.length !== layout.category_ids.length) throw validationFailed({ category_ids: [CATEGORY_UNKNOWN] });
    }
    const before = await readHomeLayout(tx, 'draft');
    await writeHomeLayout(tx, 'draft', layout);
    await recordAudit(tx, context, { action: 'home_layout.update', entityType: 'home_layout', entityId: 'draft', shopId: null, before, after: layout });
  });
  return readConsoleHomeLayout(db);
}

/** `POST /api/console/home-layout/publish`: the draft becomes what the storefront shows, on the next request. */
export async function publishHomeLayout({ db, caches }: HomeContentWrites, context: AuditContext): Promise<ConsoleHomeLayout> {
  await inRetriedTransaction(db, async (tx) => {
    const [draft, live] = await Promise.all([readHomeLayout(tx, 'draft'), readHomeLayout(tx, 'live')]);
    await writeHomeLayout(tx, 'live', draft);
    await recordAudit(tx, context, { action: 'home_layout.publish', entityType: 'home_layout', entityId: 'live', shopId: null, before: live, after: draft });
  });
  invalidateHome(caches);
  return readConsoleHomeLayout(db);
}

/** The purpose home preview links are signed for (platform/signed-links.ts); their subject is the draft. */
const HOME_PREVIEW = 'home-preview';
const HOME_PREVIEW_SUBJECT = 'draft';
/** How long a preview link works. */
const PREVIEW_LINK_MS = 60 * 60_000;

/** `POST /api/console/home-layout/preview-link`: the storefront's home with the draft as it stands when opened, for an hour. */
export function homePreviewLink(signer: LinkSigner, now: Date): { url: string; expires_at: string } {
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_MS);
  const token = signer.sign(HOME_PREVIEW, HOME_PREVIEW_SUBJECT, expiresAt);
  return { url: `/?${new URLSearchParams({ [HOME_PREVIEW_PARAM]: token })}`, expires_at: expiresAt.toISOString() };
}

/** The draft layout when `token` is a home preview link's that has not expired; null otherwise. */
export async function previewedHomeLayout(db: Db, signer: LinkSigner, token: string | undefined, now: Date): Promise<HomeLayout | null> {
  if (token === undefined || !signer.verify(HOME_PREVIEW, HOME_PREVIEW_SUBJECT, token, now)) return null;
  return readHomeLayout(db, 'draft');
}

/** `/api/home`'s `sections`: the layout's shown sections in order; the strip's categories those chosen that the store shows, all of them where none are chosen. */
export function homeSections(layout: HomeLayout, shownCategoryIds: readonly number[]): HomeSection[] {
  const shown = new Set(shownCategoryIds);
  const chosen = layout.category_ids.filter((id) => shown.has(id));
  return layout.sections
    .filter((section) => section.enabled)
    .map((section) => (section.kind === 'categories' ? { kind: section.kind, category_ids: layout.category_ids.length > 0 ? chosen : [...shownCategoryIds] } : { kind: section.kind }));
}
