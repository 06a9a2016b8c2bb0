import type { Translations } from '../../db/translations.ts';

/** The demo catalogue's words in Arabic and Persian (decision 019), by their English text. */

const named = (ar: string, ir: string): Translations => ({ ar: { name: ar }, ir: { name: ir } });

/** Categories and sub-categories (their English names do not repeat). */
export const categoryTranslations: Record<string, Translations> = {
  Electronics: named('الإلكترونيات', 'لوازم الکترونیکی'),
  Phones: named('الهواتف', 'گوشی‌ها'),
  Laptops: named('الحواسيب المحمولة', 'لپ‌تاپ‌ها'),
  Audio: named('الصوتيات', 'صوتی'),
  Cameras: named('الكاميرات', 'دوربین‌ها'),
  Wearables: named('الأجهزة القابلة للارتداء', 'پوشیدنی‌های هوشمند'),
  Fashion: named('الأزياء', 'مد و پوشاک'),
  Men: named('رجال', 'مردانه'),
  Women: named('نساء', 'زنانه'),
  Kids: named('أطفال', 'بچگانه'),
  Shoes: named('أحذية', 'کفش'),
  Bags: named('حقائب', 'کیف'),
  'Home & Living': named('المنزل والمعيشة', 'خانه و زندگی'),
  Furniture: named('الأثاث', 'مبلمان'),
  Kitchen: named('المطبخ', 'آشپزخانه'),
  Decor: named('الديكور', 'دکوراسیون'),
  Bedding: named('مفروشات السرير', 'روتختی و ملحفه'),
  Beauty: named('الجمال', 'زیبایی'),
  Skincare: named('العناية بالبشرة', 'مراقبت از پوست'),
  Makeup: named('المكياج', 'آرایش'),
  Fragrance: named('العطور', 'عطر'),
  'Hair Care': named('العناية بالشعر', 'مراقبت از مو'),
  'Sports & Outdoors': named('الرياضة والهواء الطلق', 'ورزش و فضای باز'),
  Fitness: named('اللياقة البدنية', 'تناسب اندام'),
  Camping: named('التخييم', 'کمپینگ'),
  Cycling: named('ركوب الدراجات', 'دوچرخه‌سواری'),
  'Team Sports': named('الرياضات الجماعية', 'ورزش‌های گروهی'),
  Grocery: named('البقالة', 'خواربار'),
  Snacks: named('الوجبات الخفيفة', 'تنقلات'),
  Beverages: named('المشروبات', 'نوشیدنی‌ها'),
  Pantry: named('المؤن', 'مواد غذایی'),
  'Fresh Produce': named('المنتجات الطازجة', 'میوه و سبزی تازه'),
  'Toys & Games': named('الألعاب', 'اسباب‌بازی و بازی'),
  'Building Sets': named('مجموعات البناء', 'ساختنی‌ها'),
  'Board Games': named('ألعاب الطاولة', 'بازی‌های رومیزی'),
  Dolls: named('الدمى', 'عروسک‌ها'),
  'Outdoor Play': named('اللعب في الهواء الطلق', 'بازی در فضای باز'),
  Books: named('الكتب', 'کتاب'),
  Fiction: named('الروايات', 'داستان'),
  'Non-fiction': named('الكتب غير الروائية', 'غیرداستانی'),
  Children: named('كتب الأطفال', 'کودکان'),
  Comics: named('القصص المصورة', 'کمیک'),
};

export const colorTranslations: Record<string, Translations> = {
  Black: named('أسود', 'مشکی'),
  White: named('أبيض', 'سفید'),
  Red: named('أحمر', 'قرمز'),
  Blue: named('أزرق', 'آبی'),
  Green: named('أخضر', 'سبز'),
  Navy: named('كحلي', 'سرمه‌ای'),
  Grey: named('رمادي', 'خاکستری'),
  Beige: named('بيج', 'بژ'),
  Pink: named('وردي', 'صورتی'),
  Gold: named('ذهبي', 'طلایی'),
  Silver: named('فضي', 'نقره‌ای'),
  Brown: named('بني', 'قهوه‌ای'),
  Purple: named('بنفسجي', 'بنفش'),
};

export const flashSaleTranslations: Record<string, Translations> = {
  'Weekend Flash Sale': named('تخفيضات نهاية الأسبوع السريعة', 'حراج لحظه‌ای آخر هفته'),
  'Mega Tech Week': named('أسبوع التقنية الكبير', 'هفتهٔ بزرگ فناوری'),
};

/** Banners by their English title. */
export const bannerTranslations: Record<string, Translations> = {
  'Weekend Flash Sale': {
    ar: { title: 'تخفيضات نهاية الأسبوع السريعة', subtitle: 'خصم حتى 50 % على الحواسيب المحمولة والأزياء ومستلزمات المنزل المفضلة، لأربعة أيام فقط.' },
    ir: { title: 'حراج لحظه‌ای آخر هفته', subtitle: 'تا ۵۰ ٪ تخفیف روی لپ‌تاپ، پوشاک و محبوب‌های خانه، فقط چهار روز.' },
  },
  'The Latest Tech, Delivered': {
    ar: { title: 'أحدث التقنيات حتى بابك', subtitle: 'هواتف وحواسيب محمولة وسماعات جديدة من Apple وSamsung وSony وغيرها.' },
    ir: { title: 'تازه‌ترین فناوری، درِ خانهٔ شما', subtitle: 'گوشی، لپ‌تاپ و هدفون‌های تازه از Apple، Samsung، Sony و برندهای دیگر.' },
  },
  'Best Deals of the Week': {
    ar: { title: 'أفضل عروض الأسبوع', subtitle: 'خصومات مختارة في كل الفئات، تتجدد كل يوم اثنين.' },
    ir: { title: 'بهترین پیشنهادهای هفته', subtitle: 'تخفیف‌های گلچین‌شده در همهٔ دسته‌ها که هر دوشنبه تازه می‌شوند.' },
  },
};
