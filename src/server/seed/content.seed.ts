import { blogCategoryCreateSchema, blogPostCreateSchema } from '../../shared/blog-console.contract.ts';
import { contentPageCreateSchema, faqCreateSchema, type FooterGroup } from '../../shared/content-console.contract.ts';
import { createBlogCategory, createBlogPost } from '../features/content/blog-console.service.ts';
import { createConsolePage, createFaq } from '../features/content/content-console.service.ts';
import { seedAuditContext } from '../platform/audit-log.ts';
import { Caches } from '../platform/caches.ts';
import type { Db } from '../db/client.ts';
import { blogCategories, blogPosts, contentPages, faqs } from '../db/schema.ts';
import { blogCategoryTranslations, blogPostTranslations, faqTranslations, pageTranslations } from './data/content-translations.ts';

const demoBlogCategories = [
  { name: 'Shopping Guides', slug: 'shopping-guides' },
  { name: 'Style & Living', slug: 'style-and-living' },
  { name: 'Store News', slug: 'store-news' },
] as const;

type CategorySlug = (typeof demoBlogCategories)[number]['slug'];

interface DemoPost {
  slug: string;
  category: CategorySlug;
  title: string;
  excerpt: string;
  /** Published this many days before the seed runs, so the demo blog always looks current. */
  daysAgo: number;
  html: string;
}

const demoPosts: DemoPost[] = [
  {
    slug: 'how-to-choose-a-laptop-for-work-and-study',
    category: 'shopping-guides',
    title: 'How to Choose a Laptop for Work and Study',
    excerpt: 'Processor, memory, screen and battery: what actually matters when you pick a laptop you will use every day, and where you can save.',
    daysAgo: 3,
    html: `
      <p>A laptop is one of the few things most of us use for hours every single day, so it pays to choose carefully. The good news: you rarely need the most expensive model. You need the right one for the way you work.</p>
      <h2>Start with what you will do</h2>
      <p>Write down the three tasks you spend most time on. Documents, e-mail and video calls run well on almost any current machine. Photo editing, programming or gaming ask for more.</p>
      <ul>
        <li><strong>Office and study:</strong> a recent mid-range processor, 8 GB of memory and a 256 GB SSD.</li>
        <li><strong>Creative work:</strong> 16 GB of memory, a colour-accurate screen and at least 512 GB of storage.</li>
        <li><strong>Gaming:</strong> a dedicated graphics card and good cooling matter more than a thin case.</li>
      </ul>
      <h2>The screen and the keyboard</h2>
      <p>You look at the screen and type on the keyboard all day. A 14-inch screen is the sweet spot between portability and comfort; choose a matte finish if you often work near a window.</p>
      <h2>Battery life, honestly</h2>
      <p>Manufacturer figures are measured under ideal conditions. Expect about two thirds of the advertised time with normal use, and read reviews that test with video calls and browsing.</p>
      <blockquote>Buy for the next three years, not for the next three weeks: memory that cannot be upgraded later is worth paying for now.</blockquote>
      <p>Browse our <a href="/categories/electronics">electronics</a> to compare current models side by side.</p>`,
  },
  {
    slug: 'building-a-home-coffee-corner',
    category: 'shopping-guides',
    title: "A Beginner's Guide to Building a Home Coffee Corner",
    excerpt: 'From grinder to mugs: the few pieces that turn a corner of your kitchen into a small café, and the order in which to buy them.',
    daysAgo: 9,
    html: `
      <p>Good coffee at home does not need a machine the size of a microwave. It needs fresh beans, a decent grinder and a little routine.</p>
      <h2>Buy the grinder first</h2>
      <p>Freshly ground beans make the biggest difference in the cup. A burr grinder gives an even grind, which means an even extraction and less bitterness.</p>
      <h2>Pick one brewing method</h2>
      <ol>
        <li><strong>Pour-over</strong> for clean, bright cups and a calm morning ritual.</li>
        <li><strong>French press</strong> for a fuller body with almost no equipment.</li>
        <li><strong>Moka pot</strong> for a strong, espresso-like coffee on the stove.</li>
      </ol>
      <h2>Finish the corner</h2>
      <p>A small tray keeps everything together, an airtight jar keeps the beans fresh, and two mugs you love make the routine worth getting up for.</p>
      <p>Find grinders, kettles and mugs in <a href="/categories/home-and-living">Home &amp; Living</a>.</p>`,
  },
  {
    slug: 'five-smart-ways-to-save-with-vouchers-and-flash-sales',
    category: 'shopping-guides',
    title: 'Five Smart Ways to Save with Vouchers and Flash Sales',
    excerpt: 'Collect shop vouchers early, watch the flash sale countdown and combine offers the right way: a short guide to paying less.',
    daysAgo: 16,
    html: `
      <p>Every shop on our marketplace can offer its own vouchers, and flash sales bring limited-time prices on selected products. Used together, they add up to real savings.</p>
      <h2>1. Collect vouchers before you need them</h2>
      <p>Vouchers are collected per shop and often limited in number. Collect them when you see them; they wait in your account until checkout.</p>
      <h2>2. Check the minimum spend</h2>
      <p>Many vouchers apply above a minimum order amount. Adding a small item you needed anyway can unlock a bigger discount.</p>
      <h2>3. Watch the flash sale countdown</h2>
      <p>Flash sale prices end when the countdown reaches zero, and popular products sell out earlier.</p>
      <h2>4. Compare the final price</h2>
      <p>Delivery charges are set per shop. The checkout shows the payable amount before you confirm, so compare totals, not only prices.</p>
      <h2>5. Keep favourites in your wishlist</h2>
      <p>Your wishlist makes it easy to come back when a product you like goes on sale.</p>
      <p>See what is on offer today on the <a href="/best-deal">Best Deal</a> page.</p>`,
  },
  {
    slug: 'capsule-wardrobe-twelve-pieces-for-every-season',
    category: 'style-and-living',
    title: 'Capsule Wardrobe: Twelve Pieces for Every Season',
    excerpt: 'Fewer clothes, more outfits. How to build a small wardrobe in which everything goes with everything else.',
    daysAgo: 5,
    html: `
      <p>A capsule wardrobe is a small set of clothes that all work together. Getting dressed becomes quicker, and every piece gets worn.</p>
      <h2>Choose a base palette</h2>
      <p>Pick two neutral colours, such as navy and grey, and one accent colour you love. Everything you add should fit that palette.</p>
      <h2>The twelve pieces</h2>
      <ul>
        <li>Two plain T-shirts and one long-sleeve top</li>
        <li>One shirt and one knitted jumper</li>
        <li>Dark jeans and smart trousers</li>
        <li>One dress or one blazer</li>
        <li>A light jacket and a warm coat</li>
        <li>White trainers and one pair of leather shoes</li>
      </ul>
      <h2>Quality over quantity</h2>
      <p>With fewer pieces, each is worn more often. Look for natural fabrics, strong seams and a fit you do not have to think about.</p>
      <blockquote>If you would not buy it again today, it probably does not belong in your capsule.</blockquote>
      <p>Start with the basics in our <a href="/categories/fashion">Fashion</a> category.</p>`,
  },
  {
    slug: 'small-space-big-comfort-decorating-a-studio',
    category: 'style-and-living',
    title: 'Small Space, Big Comfort: Decorating a Studio Apartment',
    excerpt: 'Zones, light and furniture that does two jobs: practical ideas to make a one-room home feel larger and calmer.',
    daysAgo: 12,
    html: `
      <p>Living in one room means your bedroom, office and living room share the same walls. A few simple rules make it feel like a real home.</p>
      <h2>Create zones</h2>
      <p>A rug under the sofa, a bookshelf as a room divider or a different lamp above the desk tells the eye where one area ends and the next begins.</p>
      <h2>Use light in layers</h2>
      <p>Combine a ceiling light with a floor lamp and a small table lamp. Warm light in the evening makes a small space feel cosy rather than cramped.</p>
      <h2>Furniture that works twice</h2>
      <ul>
        <li>A bed with drawers underneath</li>
        <li>A folding table that becomes a desk</li>
        <li>Ottomans with storage inside</li>
      </ul>
      <p>Mirrors opposite a window double the daylight. Keep surfaces clear, and the room will look larger than it is.</p>`,
  },
  {
    slug: 'skincare-basics-a-routine-that-lasts',
    category: 'style-and-living',
    title: 'Skincare Basics: Building a Routine That Lasts',
    excerpt: 'Cleanser, moisturiser, sunscreen: start simple, add one product at a time and give your skin a few weeks to respond.',
    daysAgo: 21,
    html: `
      <p>The best skincare routine is the one you actually follow. Three steps cover most needs; everything else is optional.</p>
      <h2>Morning</h2>
      <ol>
        <li>A gentle cleanser, or just lukewarm water</li>
        <li>A moisturiser suited to your skin type</li>
        <li>Sunscreen of SPF 30 or higher, every day</li>
      </ol>
      <h2>Evening</h2>
      <p>Cleanse to remove sunscreen and make-up, then moisturise. If you want to add a serum, introduce one new product at a time and wait two weeks before adding another.</p>
      <h2>Patch test first</h2>
      <p>Apply a small amount on the inside of your arm for two days before using a new product on your face.</p>
      <p>Explore cleansers, creams and sunscreens in <a href="/categories/beauty">Beauty</a>.</p>`,
  },
  {
    slug: 'how-we-choose-the-shops-on-our-marketplace',
    category: 'store-news',
    title: 'Meet the Makers: How We Choose the Shops on Our Marketplace',
    excerpt: 'Every shop goes through the same checks before its first product goes live. Here is what we look at and why.',
    daysAgo: 7,
    html: `
      <p>Our marketplace brings together independent shops and established brands. Before a shop sells its first product, we get to know it.</p>
      <h2>What we check</h2>
      <ul>
        <li><strong>Identity and address:</strong> every seller is a registered business or a verified person.</li>
        <li><strong>Product information:</strong> clear photos, honest descriptions and correct sizes.</li>
        <li><strong>Delivery promise:</strong> realistic dispatch times and tracked shipping.</li>
      </ul>
      <h2>What happens after</h2>
      <p>Ratings and reviews from customers like you show us how a shop is doing. Shops that fall short get help first, and are removed if they keep disappointing customers.</p>
      <p>Want to sell with us? Use the <strong>Become a Seller</strong> link at the top of the page.</p>`,
  },
  {
    slug: 'faster-delivery-and-easier-returns',
    category: 'store-news',
    title: 'Faster Delivery and Easier Returns This Season',
    excerpt: 'New delivery partners, order tracking in your account and a simpler way to return what does not fit.',
    daysAgo: 28,
    html: `
      <p>We have been listening to your feedback. This season brings three changes to how your orders reach you.</p>
      <h2>Faster delivery</h2>
      <p>New delivery partners in more cities mean most orders now arrive within two to four working days.</p>
      <h2>Track every order</h2>
      <p>Your <a href="/order-history">order history</a> shows the status of each order, from confirmation to delivery.</p>
      <h2>Easier returns</h2>
      <p>Something does not fit? Open a support ticket from your account within 14 days of delivery and we will arrange the return with the shop.</p>
      <p>Questions? Our <a href="/support">support page</a> answers the most common ones.</p>`,
  },
];

const demoPages: { slug: string; title: string; footer: { group: FooterGroup; order: number }; html: string }[] = [
  {
    slug: 'about-us',
    title: 'About Us',
    footer: { group: 'company', order: 1 },
    html: `
      <p>Open Store is an online marketplace where independent shops and trusted brands sell to customers who care about quality and fair prices.</p>
      <h2>Our story</h2>
      <p>We started with a simple idea: shopping online should feel as personal as visiting your favourite local shop. Today, dozens of shops offer thousands of products on Open Store, from electronics and fashion to groceries and books.</p>
      <h2>What we stand for</h2>
      <ul>
        <li><strong>Honest prices:</strong> what you see at checkout is what you pay.</li>
        <li><strong>Real shops:</strong> every seller is checked before selling with us.</li>
        <li><strong>People first:</strong> our support team answers every message.</li>
      </ul>
      <h2>Get in touch</h2>
      <p>We love hearing from customers and sellers. Write to us through the <a href="/contact-us">contact form</a>.</p>`,
  },
  {
    slug: 'terms-and-conditions',
    footer: { group: 'company', order: 2 },
    title: 'Terms & Conditions',
    html: `
      <p>These terms apply to every purchase made on Open Store. By placing an order you accept them.</p>
      <h2>1. Orders</h2>
      <p>An order is a request to buy products from one shop. The contract of sale is made when the shop confirms the order. Orders with several shops are split into one order per shop.</p>
      <h2>2. Prices and payment</h2>
      <p>Prices include the taxes shown at checkout. Delivery charges are set by each shop and shown before you confirm. Payment is taken by the payment method you choose.</p>
      <h2>3. Delivery</h2>
      <p>Delivery times shown are estimates. If an order is late by more than 14 days, you may cancel it and receive a full refund.</p>
      <h2>4. Returns and refunds</h2>
      <p>You may return most products within 14 days of delivery in their original condition. Refunds are made to the original payment method within 10 working days of the return reaching the shop.</p>
      <h2>5. Vouchers</h2>
      <p>Vouchers are issued by shops, apply only to that shop's products and cannot be exchanged for cash. Each voucher has its own minimum spend and validity date.</p>
      <h2>6. Your account</h2>
      <p>Keep your password secret. You are responsible for orders placed with your account unless you tell us of misuse without delay.</p>
      <h2>7. Contact</h2>
      <p>Questions about these terms? Please <a href="/contact-us">contact us</a>.</p>`,
  },
  {
    slug: 'privacy-policy',
    footer: { group: 'company', order: 3 },
    title: 'Privacy Policy',
    html: `
      <p>This policy explains which personal data Open Store collects, why, and what your rights are.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your name, e-mail address, phone number and password (stored only as a secure hash).</li>
        <li>Order details: delivery addresses, ordered products and payment status. We never store full card numbers.</li>
        <li>Messages you send us through the contact form or support tickets.</li>
      </ul>
      <h2>Why we use it</h2>
      <p>To deliver your orders, to keep your account secure, to answer your questions and, with your consent, to tell you about offers.</p>
      <h2>Who we share it with</h2>
      <p>The shop you buy from receives what it needs to deliver your order. Payment providers process payments. We do not sell your data.</p>
      <h2>How long we keep it</h2>
      <p>Order records are kept as long as the law requires. You can delete your account at any time; personal data not needed for legal records is then removed.</p>
      <h2>Your rights</h2>
      <p>You may ask for a copy of your data, correct it or have it deleted. Write to us through the <a href="/contact-us">contact form</a>.</p>`,
  },
  {
    slug: 'shipping-and-returns',
    footer: { group: 'help', order: 1 },
    title: 'Shipping & Returns',
    html: `
      <p>Every shop on Open Store ships its own orders. This page explains what you can expect.</p>
      <h2>Shipping</h2>
      <p>Each shop sets its own delivery charge, shown in your cart before checkout. Most orders are dispatched within two working days and arrive within two to four working days.</p>
      <h2>Returns</h2>
      <ol>
        <li>Open a support ticket from your account within 14 days of delivery.</li>
        <li>Choose the order and tell us what is wrong.</li>
        <li>The shop confirms the return and sends you the return address.</li>
      </ol>
      <p>Refunds are made as soon as the shop receives the product.</p>`,
  },
];

const demoFaqs = [
  {
    question: 'How do I track my order?',
    answer: 'Log in and open Order History in your account. Each order shows its current status, from pending to delivered.',
  },
  {
    question: 'Can I cancel an order?',
    answer: 'Yes, as long as the shop has not shipped it yet. Open the order in your Order History and choose Cancel.',
  },
  {
    question: 'How do vouchers work?',
    answer: 'Shops offer vouchers that you collect on their products or in your cart. A collected voucher is applied at checkout when your order from that shop reaches the minimum spend.',
  },
  {
    question: 'Which payment methods can I use?',
    answer: 'Cash on delivery and card payments are available. The checkout shows every payment method the store accepts.',
  },
  {
    question: 'How do I return a product?',
    answer: 'Open a support ticket within 14 days of delivery, choose the order and describe the problem. The shop will send you the return details.',
  },
  {
    question: 'I forgot my password. What should I do?',
    answer: 'Choose Login, then Forgot password. We send a four-digit code to your e-mail address; enter it and choose a new password.',
  },
  {
    question: 'How can I sell on Open Store?',
    answer: 'Use the Become a Seller link at the top of the page to register your shop. Our team checks every new shop before its products go live.',
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** A post's texts as the translations data keeps them (by column) renamed to the console's fields. */
const postTexts = (texts: Partial<Record<string, string>> | undefined) => texts && { title: texts.title, meta_description: texts.excerpt, body: texts.content_html };

/**
 * The demo blog, the store's pages and the FAQ, written through the console's own services (checked
 * by its contracts, bodies sanitised the same way) with no audit row: a new store's audit log starts
 * empty. Rows that already exist (same slug) are kept as they are, whatever the owner changed.
 */
export async function seedContent(db: Db, now = new Date()) {
  const caches = new Caches();
  const audit = seedAuditContext(now);
  const writes = { db, caches, now: () => now };

  const categoryIds = new Map((await db.select({ id: blogCategories.id, slug: blogCategories.slug }).from(blogCategories)).map((row) => [row.slug, row.id]));
  for (const category of demoBlogCategories) {
    if (categoryIds.has(category.slug)) continue;
    const input = blogCategoryCreateSchema.parse({ ...category, translations: blogCategoryTranslations[category.slug] });
    categoryIds.set(category.slug, (await createBlogCategory(writes, input, audit)).id);
  }

  const postSlugs = new Set((await db.select({ slug: blogPosts.slug }).from(blogPosts)).map((row) => row.slug));
  for (const post of demoPosts.filter((demo) => !postSlugs.has(demo.slug))) {
    const translations = blogPostTranslations[post.slug] ?? {};
    const input = blogPostCreateSchema.parse({
      title: post.title,
      slug: post.slug,
      category_id: categoryIds.get(post.category),
      meta_description: post.excerpt,
      body: post.html,
      translations: { ar: postTexts(translations.ar), ir: postTexts(translations.ir) },
      status: 'published',
    });
    // Published `daysAgo` before the seed runs, so the demo blog always looks current.
    await createBlogPost({ ...writes, now: () => new Date(now.getTime() - post.daysAgo * DAY_MS) }, input, audit);
  }

  const pageSlugs = new Set((await db.select({ slug: contentPages.slug }).from(contentPages)).map((row) => row.slug));
  for (const page of demoPages.filter((demo) => !pageSlugs.has(demo.slug))) {
    const input = contentPageCreateSchema.parse({
      slug: page.slug,
      title: page.title,
      content_html: page.html,
      translations: pageTranslations[page.slug],
      is_published: true,
      footer_group: page.footer.group,
      footer_order: page.footer.order,
    });
    await createConsolePage(writes, input, audit);
  }

  // FAQs have no natural key: seeded only into an empty table, so a second run adds no copies.
  const [existingFaq] = await db.select({ id: faqs.id }).from(faqs).limit(1);
  if (existingFaq) return;
  for (const faq of demoFaqs) await createFaq(writes, faqCreateSchema.parse({ ...faq, translations: faqTranslations[faq.question] }), audit);
}
