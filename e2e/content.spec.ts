import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { waitForMailTo } from './outbox.ts';
import { apiData } from './store-api.ts';

test.describe('blog', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a reader opens the blog, a post with its content and related posts, and filters by category', async ({ page, request }) => {
    const { blogs } = await apiData(request, 'GET /blogs');
    // The console's blog journey may publish a post of its own meanwhile: read one of the demo posts.
    const post = blogs.find((blog) => !blog.title.startsWith('Autumn layering'))!;

    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    // Other journeys publish posts on the same store meanwhile (the console's blog): the page agrees with itself.
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.getByRole('link', { name: post.title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /posts?$/ })).toHaveText(`${await cards.count()} posts`);

    await cards.getByRole('link', { name: post.title }).click();
    await expect(page).toHaveURL(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page).toHaveTitle(`${post.title} - Open Store`);
    // The body came as HTML: its sub-headings are real headings.
    const article = page.getByRole('main').getByRole('article').first();
    await expect(article.getByRole('heading', { level: 2 }).first()).toBeVisible();
    const related = page.getByRole('region', { name: 'Related Posts' });
    await expect(related.getByRole('article')).toHaveCount(3);

    // The category link leads to the listing filtered by it.
    await article.getByRole('link', { name: post.category.name }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/blogs' && url.searchParams.get('category') === post.category.slug);
    await expect(page.getByRole('heading', { level: 1, name: post.category.name })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${post.category.name}`) })).toHaveAttribute('aria-current', 'page');
    const filtered = page.getByRole('main').getByRole('article');
    await expect(filtered.first()).toBeVisible();
    for (const card of await filtered.all()) await expect(card).toContainText(post.category.name);
  });

  test('a page past the end of the blog says so and leads back to the first page', async ({ page, request }) => {
    const { total } = await apiData(request, 'GET /blogs');
    await page.goto('/blogs?page=99');
    await expect(page.getByRole('status').filter({ hasText: /posts?$/ })).toHaveText(`${total} posts`);
    await expect(page.getByText('No posts on this page')).toBeVisible();
    await expect(page.getByText('No posts yet')).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to the first page' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/blogs' && url.search === '');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(Math.min(total, 10));
  });

  test('a search is kept in the URL and finds posts by their words', async ({ page }) => {
    await page.goto('/blogs');
    const box = page.getByRole('searchbox', { name: 'Search posts' });
    await box.fill('coffee');
    await box.press('Enter');
    await expect(page).toHaveURL((url) => url.searchParams.get('search') === 'coffee');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “coffee”' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('link', { name: "A Beginner's Guide to Building a Home Coffee Corner" })).toBeVisible();

    await page.reload();
    await expect(box).toHaveValue('coffee');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  });
  test('a search inside a category shows the category as a filter and says how many posts match elsewhere', async ({ page, request }) => {
    const everywhere = await apiData(request, 'GET /blogs', { query: { search: 'laptop' } });
    const inNews = await apiData(request, 'GET /blogs', { query: { search: 'laptop', category: 'store-news' } });
    expect(inNews.total).toBe(0);
    expect(everywhere.total).toBeGreaterThan(0);

    await page.goto('/blogs?category=store-news');
    const box = page.getByRole('searchbox', { name: 'Search posts' });
    await box.fill('laptop');
    await box.press('Enter');
    await expect(page.getByText('Category: Store News')).toBeVisible();
    const posts = everywhere.total === 1 ? '1 post' : `${everywhere.total} posts`;
    await expect(page.getByText(`No posts in Store News match “laptop” — ${posts} in other categories`)).toBeVisible();

    await page.getByRole('button', { name: 'Search all categories' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('search') === 'laptop' && !url.searchParams.has('category'));
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(everywhere.total);
    await expect(page.getByText('Category: Store News')).toHaveCount(0);

    // The filter comes off by its own button too.
    await page.goto('/blogs?category=store-news');
    await page.getByRole('button', { name: 'Remove the category Store News' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/blogs' && url.search === '');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  });
});

test.describe('blog not found', () => {
  test.use({ allowedBrowserErrors: [/status of 404/] });

  test('an unknown post shows the not-found state', async ({ page }) => {
    const response = await page.goto('/blog/no-such-post');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeAttached();
    await expect(page.getByRole('main').locator('p', { hasText: 'Post not found' })).toBeVisible();
  });
});

test.describe('contact', () => {
  test('a visitor is told what is missing, then sends the form and the store receives the mail', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Send us a message' });

    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('The name field is required.')).toBeVisible();
    await expect(form.getByText('The message field is required.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();

    const key = Date.now().toString(36);
    const email = `reader-${key}@example.com`;
    const subject = `Delivery question ${key}`;
    await form.getByRole('textbox', { name: 'Name' }).fill('Grace Reader');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('textbox', { name: 'Phone (optional)' }).fill('+1 202 555 0111');
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await form.getByRole('textbox', { name: 'Message' }).fill('Hello! Do you deliver to Canada, and how long does it take?');
    await expect(form.getByText('The name field is required.')).toBeHidden();

    const since = new Date();
    await form.getByRole('button', { name: 'Send Message' }).click();
    const thanks = 'Thank you for contacting us. We will get back to you soon.';
    await expect(form.getByRole('status')).toHaveText(thanks);
    await expect(page.getByText(thanks)).toHaveCount(2); // the toast and the form
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    const store = await storeEmail(page.request);
    const mail = await waitForMailTo(store, since);
    expect(mail.subject).toContain(subject);
    expect(mail).toMatchObject({ replyTo: email });
    expect(mail.text).toContain('Do you deliver to Canada');
  });
});

/** The address the store's mail goes to (settings). */
async function storeEmail(request: APIRequestContext) {
  return (await apiData(request, 'GET /master')).email;
}

test.describe('store pages', () => {
  test('terms, privacy and about pages show their content', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
    await expect(page.getByText('These terms apply to every purchase made on Open Store.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '4. Returns and refunds' })).toBeVisible();
    await expect(page).toHaveTitle('Terms & Conditions - Open Store');

    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    // A link in the page moves inside the app.
    await page.getByRole('main').getByRole('link', { name: 'contact form' }).click();
    await expect(page).toHaveURL('/contact-us');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });
});

test.describe('store content in Arabic', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a shopper who switches to Arabic reads categories, breadcrumbs, the FAQ and the pages in Arabic', async ({ page }) => {
    await page.goto('/categories/electronics');
    await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
    await page.getByRole('button', { name: /Language/ }).click();
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'العربية' }).click();
    await reloaded;

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'الإلكترونيات' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'مسار التنقل' });
    await expect(breadcrumb.getByRole('link', { name: 'الفئات' })).toBeVisible();
    await expect(breadcrumb.getByText('الإلكترونيات')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByRole('link', { name: 'الهواتف' })).toBeVisible();

    await page.goto('/support');
    const question = page.getByRole('button', { name: 'كيف أتتبع طلبي؟' });
    await question.click();
    await expect(page.getByRole('region', { name: 'كيف أتتبع طلبي؟' })).toContainText('سجل الطلبات');

    await page.goto('/about-us');
    // Its title may be the one a console journey gives it for a moment (the same store runs every spec); its body is Arabic.
    await expect(page.getByRole('heading', { level: 2, name: 'قصتنا' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText('كل ما تحتاجه من متاجر تثق بها')).toBeVisible();
  });
  test('a search inside a blog category in Arabic says in Arabic how many posts match in the other categories', async ({ page }) => {
    await page.goto('/blogs?category=store-news');
    await page.getByRole('button', { name: /Language/ }).click();
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'العربية' }).click();
    await reloaded;
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // The search as the box sends it (typing right after the reload may come before the page is alive).
    await page.goto(`/blogs?category=store-news&search=${encodeURIComponent('حاسوب')}`);
    await expect(page.getByRole('searchbox', { name: 'البحث في المقالات' })).toHaveValue('حاسوب');
    await expect(page.getByText('الفئة: أخبار المتجر')).toBeVisible();
    await expect(page.getByText(/^لا توجد مقالات في أخبار المتجر تطابق “حاسوب” — .+ في فئات أخرى$/)).toBeVisible();
    await page.getByRole('button', { name: 'البحث في كل الفئات' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('search') === 'حاسوب' && !url.searchParams.has('category'));
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  });
});

test.describe('store pages not found', () => {
  test.use({ allowedBrowserErrors: [/status of 404/] });

  test('an unknown page shows the not-found state', async ({ page }) => {
    const response = await page.goto('/page/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeAttached();
    await expect(page.getByRole('main').locator('p', { hasText: 'Page not found' })).toBeVisible();
  });
});

test.describe('support', () => {
  test('the help page answers questions and sends a visitor to log in for tickets', async ({ page }) => {
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    const question = page.getByRole('button', { name: 'How do I track my order?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'How do I track my order?' })).toContainText('Order History');

    await page.getByRole('link', { name: 'My Support Tickets' }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL('/support');
  });
});
