// The demo catalogue's reference data: shops, brands, colours, sizes and the products of every
// sub-category of `categories.seed.ts`. Prices are in minor units (cents).

export interface ShopSeed {
  name: string;
  slug: string;
  description: string;
  address: string;
  deliveryCharge: number;
}

export const shopSeeds: ShopSeed[] = [
  {
    name: 'Tech Haven',
    slug: 'tech-haven',
    description: 'Flagship phones, laptops and smartwatches, with free setup help from our in-store experts.',
    address: '48 Mission Street, San Francisco, CA 94105',
    deliveryCharge: 499,
  },
  {
    name: 'Urban Threads',
    slug: 'urban-threads',
    description: 'Everyday menswear and womenswear, from raw denim to merino knits, picked for fit and quality.',
    address: '112 Broadway, New York, NY 10006',
    deliveryCharge: 399,
  },
  {
    name: 'Nest & Nook',
    slug: 'nest-and-nook',
    description: 'Furniture, kitchenware and cosy bedding that turn a house into a home.',
    address: '77 NW Pearl Street, Portland, OR 97209',
    deliveryCharge: 799,
  },
  {
    name: 'Glow Beauty Co.',
    slug: 'glow-beauty-co',
    description: 'Dermatologist-loved skincare, makeup and fragrance, always 100 % authentic.',
    address: '9 Sunset Plaza, West Hollywood, CA 90069',
    deliveryCharge: 299,
  },
  {
    name: 'Summit Outfitters',
    slug: 'summit-outfitters',
    description: 'Gear for the trail, the gym and the campsite, tested outdoors by our own staff.',
    address: '1500 Pearl Street, Boulder, CO 80302',
    deliveryCharge: 599,
  },
  {
    name: 'Green Basket',
    slug: 'green-basket',
    description: 'Fresh produce and pantry staples from local farms, with free delivery on every order.',
    address: '300 Pike Street, Seattle, WA 98101',
    deliveryCharge: 0,
  },
  {
    name: 'Play Planet',
    slug: 'play-planet',
    description: 'Building sets, board games and outdoor toys that get the whole family playing together.',
    address: '25 Congress Avenue, Austin, TX 78701',
    deliveryCharge: 349,
  },
  {
    name: 'Page Turner Books',
    slug: 'page-turner-books',
    description: 'An independent bookshop shipping bestsellers, timeless classics and comics.',
    address: '14 Newbury Street, Boston, MA 02116',
    deliveryCharge: 249,
  },
  {
    name: 'Gadget Garage',
    slug: 'gadget-garage',
    description: 'Headphones, cameras and wearables with honest advice and a 30-day return policy.',
    address: '640 N Michigan Avenue, Chicago, IL 60611',
    deliveryCharge: 449,
  },
  {
    name: 'Style Loft',
    slug: 'style-loft',
    description: "Trend-led women's fashion, shoes and bags, with new arrivals every week.",
    address: '88 Ocean Drive, Miami Beach, FL 33139',
    deliveryCharge: 399,
  },
];

export const colorSeeds: ReadonlyArray<{ name: string; code: string }> = [
  { name: 'Black', code: '#111827' },
  { name: 'White', code: '#f9fafb' },
  { name: 'Red', code: '#dc2626' },
  { name: 'Blue', code: '#2563eb' },
  { name: 'Green', code: '#16a34a' },
  { name: 'Navy', code: '#1e3a8a' },
  { name: 'Grey', code: '#6b7280' },
  { name: 'Beige', code: '#e7dcc8' },
  { name: 'Pink', code: '#ec4899' },
  { name: 'Gold', code: '#d4af37' },
  { name: 'Silver', code: '#c0c4cc' },
  { name: 'Brown', code: '#8b5e3c' },
  { name: 'Purple', code: '#7c3aed' },
];

export const clothingSizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const shoeSizes = ['38', '39', '40', '41', '42', '43', '44', '45'] as const;

export const sizeSeeds: ReadonlyArray<{ name: string; sortOrder: number }> = [
  ...clothingSizes.map((name, index) => ({ name, sortOrder: index + 1 })),
  ...shoeSizes.map((name, index) => ({ name, sortOrder: 10 + index })),
];

export type SizeKind = 'clothing' | 'shoes';

export interface ItemSeed {
  name: string;
  brand: string;
  price: number;
  /** One sentence about this very product; the description starts with it. */
  blurb: string;
  unit?: string;
  shop?: string;
  sizes?: SizeKind;
}

export interface SubCategorySeed {
  /** Slugs as `categories.seed.ts` makes them. */
  category: string;
  subCategory: string;
  /** Shop slugs; products take turns unless an item names its own shop. */
  shops: string[];
  unit: string;
  /** Colour names a product of this sub-category may come in; none for books, food and the like. */
  colors?: string[];
  sizes?: SizeKind;
  /** Sentences shared by the sub-category; each description adds one or two. */
  details: string[];
  /** Appended to a name that would otherwise repeat, when the catalogue needs more products than items. */
  variants: string[];
  items: ItemSeed[];
}

const item = (name: string, brand: string, price: number, blurb: string, extra: Partial<ItemSeed> = {}): ItemSeed => ({
  name,
  brand,
  price,
  blurb,
  ...extra,
});

export const catalogSeeds: SubCategorySeed[] = [
  {
    category: 'electronics',
    subCategory: 'electronics-phones',
    shops: ['tech-haven'],
    unit: 'pc',
    colors: ['Black', 'White', 'Blue', 'Silver', 'Gold', 'Green', 'Pink'],
    details: [
      'Unlocked for all major carriers and shipped with a USB-C charging cable.',
      'Comes with a one-year manufacturer warranty and free screen-protector fitting.',
      'Supports eSIM, 5G and Wi-Fi 6E for fast, reliable connections.',
    ],
    variants: ['256GB', '512GB'],
    items: [
      item('iPhone 15 Pro 128GB', 'Apple', 99900, 'Forged in titanium with the A17 Pro chip, an Action button and a 48 MP main camera with 3x telephoto.'),
      item('iPhone 15 Pro Max 256GB', 'Apple', 119900, 'The biggest iPhone display with a 5x tetraprism telephoto camera and the longest battery life of any iPhone.'),
      item('iPhone 15', 'Apple', 79900, 'Colour-infused glass, the Dynamic Island and a 48 MP camera that shoots super-high-resolution photos.'),
      item('Galaxy S24 Ultra', 'Samsung', 129999, 'A 6.8-inch QHD+ display, a built-in S Pen and a 200 MP camera with 100x Space Zoom.'),
      item('Galaxy A55 5G', 'Samsung', 44999, 'A 6.6-inch Super AMOLED screen, IP67 water resistance and a 5000 mAh battery that lasts two days.'),
      item('Pixel 8', 'Google', 69900, 'Google Tensor G3 brings Magic Eraser and Best Take, with seven years of OS and security updates.'),
      item('Pixel 8a', 'Google', 49900, 'The essentials of Pixel at a friendlier price: a 120 Hz Actua display and a 64 MP camera.'),
      item('Xperia 10 VI', 'Sony', 39999, 'A slim 21:9 display, front-facing stereo speakers and a 3.5 mm headphone jack.'),
    ],
  },
  {
    category: 'electronics',
    subCategory: 'electronics-laptops',
    shops: ['tech-haven'],
    unit: 'pc',
    colors: ['Silver', 'Grey', 'Black', 'Gold'],
    details: [
      'Ships with the latest operating system installed and ready to go.',
      'Includes a two-year warranty and free data transfer from your old machine.',
      'Wi-Fi 6E and Bluetooth 5.3 keep your accessories and network connections fast.',
    ],
    variants: ['16GB RAM, 512GB SSD', '32GB RAM, 1TB SSD'],
    items: [
      item('MacBook Air 13" M3', 'Apple', 109900, "Apple's M3 chip in a fanless 11.3 mm body with up to 18 hours of battery life."),
      item('MacBook Pro 14" M3 Pro', 'Apple', 199900, 'A Liquid Retina XDR display, 18 GB unified memory and a 12-core CPU for demanding creative work.'),
      item('XPS 13 Plus', 'Dell', 129999, 'A 13.4-inch OLED touch display, an Intel Core Ultra 7 processor and a seamless glass touchpad.'),
      item('Inspiron 15 Laptop', 'Dell', 54999, 'A 15.6-inch Full HD screen, 16 GB RAM and a 512 GB SSD for everyday work and study.'),
      item('ThinkPad X1 Carbon Gen 12', 'Lenovo', 164999, 'A 1.09 kg carbon-fibre chassis with the legendary ThinkPad keyboard and TrackPoint.'),
      item('IdeaPad Slim 5 14"', 'Lenovo', 69999, 'An AMD Ryzen 7 processor, a 2.2K display and all-day battery in an aluminium shell.'),
      item('Galaxy Book4 Pro 16"', 'Samsung', 144999, 'A 16-inch Dynamic AMOLED 2X touchscreen that pairs seamlessly with Galaxy phones and tablets.'),
    ],
  },
  {
    category: 'electronics',
    subCategory: 'electronics-audio',
    shops: ['gadget-garage', 'tech-haven'],
    unit: 'pc',
    colors: ['Black', 'White', 'Silver', 'Blue', 'Beige'],
    details: [
      'Pairs instantly over Bluetooth with phones, tablets and laptops.',
      'Charges over USB-C; a ten-minute top-up gives hours of playback.',
      'Tuned by audio engineers for rich bass and clear, natural vocals.',
    ],
    variants: ['Limited Edition'],
    items: [
      item('Sony WH-1000XM5 Headphones', 'Sony', 39999, 'Industry-leading noise cancelling with eight microphones and up to 30 hours of battery.'),
      item('WF-1000XM5 Wireless Earbuds', 'Sony', 29999, 'Tiny noise-cancelling earbuds with Hi-Res Audio Wireless and a 24-hour charging case.'),
      item('QuietComfort Ultra Headphones', 'Bose', 42900, 'Bose Immersive Audio and world-class noise cancelling in a plush, foldable design.'),
      item('SoundLink Flex Bluetooth Speaker', 'Bose', 14900, 'A rugged, waterproof speaker that floats and plays for 12 hours on a charge.'),
      item('AirPods Pro (2nd Generation)', 'Apple', 24900, 'Adaptive Audio, Active Noise Cancellation and a MagSafe charging case with USB-C.'),
      item('Galaxy Buds2 Pro', 'Samsung', 22999, '24-bit Hi-Fi sound and intelligent noise cancelling in a compact, ergonomic fit.'),
      item('HT-S400 Soundbar', 'Sony', 29999, 'A 2.1-channel soundbar with a wireless subwoofer for fuller, clearer TV sound.'),
    ],
  },
  {
    category: 'electronics',
    subCategory: 'electronics-cameras',
    shops: ['gadget-garage'],
    unit: 'pc',
    colors: ['Black', 'Silver'],
    details: [
      'Includes a rechargeable battery, charger and neck strap.',
      'Transfers photos to your phone over Wi-Fi and Bluetooth as you shoot.',
      'Covered by a two-year manufacturer warranty.',
    ],
    variants: ['Creator Bundle'],
    items: [
      item('EOS R50 Mirrorless Camera Kit', 'Canon', 79999, 'A 24.2 MP APS-C sensor, 4K video and the RF-S 18-45 mm lens in a compact, travel-friendly body.'),
      item('EOS R6 Mark II Body', 'Canon', 249900, 'Full-frame 24.2 MP, 40 fps bursts and in-body stabilisation for sports and weddings.'),
      item('PowerShot V10 Vlog Camera', 'Canon', 42999, 'A pocket-sized vlogging camera with a built-in stand and a flip-up touchscreen.'),
      item('RF 50mm f/1.8 STM Lens', 'Canon', 19999, 'A light, bright prime lens with creamy background blur for portraits.'),
      item('Alpha 7 IV Body', 'Sony', 249800, 'A 33 MP full-frame sensor with real-time Eye AF for people, animals and birds.'),
      item('ZV-E10 Vlog Camera Kit', 'Sony', 69999, 'Interchangeable lenses, a vari-angle screen and a product-showcase mode for creators.'),
      item('Cyber-shot RX100 VII', 'Sony', 129999, 'A 1-inch sensor and a 24-200 mm zoom lens in a camera that fits a jacket pocket.'),
    ],
  },
  {
    category: 'electronics',
    subCategory: 'electronics-wearables',
    shops: ['gadget-garage', 'tech-haven'],
    unit: 'pc',
    colors: ['Black', 'Silver', 'Pink', 'Blue', 'Green', 'Gold'],
    details: [
      'Tracks heart rate, sleep and workouts and syncs with iOS and Android apps.',
      'Water resistant to 50 metres, so it can stay on in the pool.',
      'Comes with a magnetic fast charger and an extra strap size.',
    ],
    variants: ['45mm', 'LTE'],
    items: [
      item('Apple Watch Series 9 41mm', 'Apple', 39900, 'The S9 chip, a brighter display and the double-tap gesture for one-handed control.'),
      item('Apple Watch Ultra 2', 'Apple', 79900, 'A 49 mm titanium case, precision dual-frequency GPS and up to 36 hours of battery.'),
      item('Galaxy Watch6 Classic', 'Samsung', 39999, 'A rotating bezel, sapphire crystal glass and personalised sleep coaching.'),
      item('Pixel Watch 2', 'Google', 34999, 'Fitbit heart-rate tracking, Google Wallet and Safety Check on a domed round display.'),
      item('Forerunner 265 GPS Running Watch', 'Garmin', 44999, 'A bright AMOLED display, training readiness and race-time predictions for serious runners.'),
      item('Venu 3 Smartwatch', 'Garmin', 44999, 'Up to 14 days of battery with sleep coaching, Body Battery and a built-in speaker for calls.'),
      item('Fenix 7 Pro Solar', 'Garmin', 79999, 'Solar charging, a built-in LED flashlight and topographic maps for multi-day adventures.'),
    ],
  },
  {
    category: 'fashion',
    subCategory: 'fashion-men',
    shops: ['urban-threads'],
    unit: 'pc',
    colors: ['Black', 'White', 'Navy', 'Grey', 'Blue', 'Beige', 'Green'],
    sizes: 'clothing',
    details: [
      'Machine washable at 30 °C; tumble dry low.',
      'Our model is 185 cm tall and wears a size M.',
      'Free exchanges within 30 days if the fit is not right.',
    ],
    variants: ['Navy', 'Olive', 'Charcoal'],
    items: [
      item('Slim Fit Oxford Shirt', 'Uniqlo', 3999, 'Breathable brushed-cotton oxford cloth with a button-down collar and a tailored slim cut.'),
      item('501 Original Fit Jeans', "Levi's", 6999, 'The original straight-leg jean with a button fly, cut from rigid 100 % cotton denim.'),
      item('Merino Crew Neck Sweater', 'Uniqlo', 4999, 'Extra-fine merino wool that is soft, warm and machine washable.'),
      item('Dri-FIT Training T-Shirt', 'Nike', 2999, 'Sweat-wicking fabric that keeps you dry and comfortable through every workout.'),
      item('Trucker Denim Jacket', "Levi's", 8999, 'The iconic Type III trucker with pleated chest pockets and a slightly cropped fit.'),
      item('Essentials Fleece Hoodie', 'Adidas', 5499, 'A cosy brushed-fleece hoodie with a kangaroo pocket and ribbed cuffs.'),
      item('Smart Stretch Chinos', 'Uniqlo', 3999, 'Cotton-stretch chinos that move with you from the office to the weekend.'),
    ],
  },
  {
    category: 'fashion',
    subCategory: 'fashion-women',
    shops: ['style-loft', 'urban-threads'],
    unit: 'pc',
    colors: ['Black', 'White', 'Beige', 'Pink', 'Red', 'Navy', 'Green'],
    sizes: 'clothing',
    details: [
      'Hand wash or machine wash on a delicate cycle.',
      'Our model is 175 cm tall and wears a size S.',
      'Free exchanges within 30 days if the fit is not right.',
    ],
    variants: ['Sage', 'Ivory', 'Terracotta'],
    items: [
      item('Linen Blend Midi Dress', 'Mango', 5999, 'An airy linen-blend dress with a tie waist and side pockets for warm days.'),
      item('Ribcage Straight Ankle Jeans', "Levi's", 8999, 'An ultra-high rise that elongates the leg, with a straight, ankle-length leg.'),
      item('Cashmere Crew Neck Sweater', 'Uniqlo', 9999, '100 % cashmere knitted into a light, luxuriously soft layer.'),
      item('Oversized Wool Blend Coat', 'Mango', 12999, 'A relaxed wool-blend coat with dropped shoulders and a notch lapel.'),
      item('Satin Wrap Blouse', 'Mango', 4599, 'Fluid satin with a wrap front and a self-tie belt that dresses up any outfit.'),
      item('High-Waist Yoga Leggings', 'Nike', 5499, 'Squat-proof, four-way-stretch leggings with a hidden waistband pocket.'),
      item('Pleated Midi Skirt', 'Uniqlo', 3999, 'A flowing pleated skirt with an elasticated waist that moves beautifully.'),
    ],
  },
  {
    category: 'fashion',
    subCategory: 'fashion-kids',
    shops: ['urban-threads', 'style-loft'],
    unit: 'pc',
    colors: ['Red', 'Blue', 'Green', 'Pink', 'Navy', 'Grey'],
    sizes: 'clothing',
    details: [
      'Made from soft, skin-friendly fabrics that survive the washing machine.',
      'Generous cut with room to grow.',
      'Free exchanges within 30 days if the size is not right.',
    ],
    variants: ['Dino Print', 'Rainbow'],
    items: [
      item('Kids Graphic Print T-Shirt', 'Uniqlo', 1499, 'Soft cotton jersey printed with playful dinosaurs that stay bright wash after wash.'),
      item('Kids Lightweight Puffer Jacket', 'The North Face', 8999, 'Water-repellent insulation that packs into its own pocket.'),
      item('Kids Everyday Joggers', 'Adidas', 2499, 'Comfy fleece joggers with an elastic waist and tapered cuffs.'),
      item('Kids Denim Dungarees', "Levi's", 3999, 'Sturdy denim overalls with adjustable straps and plenty of pockets.'),
      item('Kids Waterproof Rain Jacket', 'The North Face', 5999, 'A fully waterproof shell with taped seams and reflective details for rainy school runs.'),
      item('Kids Cotton Pyjama Set (2 pack)', 'Uniqlo', 2999, 'Two cosy cotton pyjama sets with glow-in-the-dark star prints.', { unit: 'pack' }),
      item('Kids Club Fleece Hoodie', 'Nike', 3499, 'A warm brushed-fleece hoodie with the Swoosh on the chest.'),
    ],
  },
  {
    category: 'fashion',
    subCategory: 'fashion-shoes',
    shops: ['style-loft', 'summit-outfitters'],
    unit: 'pair',
    colors: ['Black', 'White', 'Grey', 'Navy', 'Red', 'Blue', 'Beige'],
    sizes: 'shoes',
    details: [
      'True to size; if you are between sizes, we recommend going up half a size.',
      'Free returns within 30 days, unworn and in the original box.',
      'Breathable lining and a removable insole for all-day comfort.',
    ],
    variants: ['Triple Black', 'Cloud White'],
    items: [
      item('Trail Running Shoes', 'The North Face', 12999, 'Grippy lugged outsoles and a rocker midsole for confident miles on rough terrain.', { shop: 'summit-outfitters' }),
      item('Air Max 90 Sneakers', 'Nike', 13999, 'Visible Air cushioning and the classic waffle outsole, first seen in 1990.'),
      item('Ultraboost Light Running Shoes', 'Adidas', 18999, 'The lightest Ultraboost yet, with responsive Light BOOST cushioning.', { shop: 'summit-outfitters' }),
      item('Stan Smith Leather Sneakers', 'Adidas', 9999, 'Clean white leather with perforated 3-Stripes: a timeless court classic.'),
      item('Pegasus 41 Road Running Shoes', 'Nike', 13999, 'ReactX foam and Air Zoom units for a springy everyday training ride.', { shop: 'summit-outfitters' }),
      item('Leather Chelsea Boots', "Levi's", 11999, 'Smooth leather with elastic side panels and a pull tab for easy on and off.'),
      item('Adilette Comfort Slides', 'Adidas', 3499, 'Soft Cloudfoam slides for the pool, the gym and lazy Sundays.'),
    ],
  },
  {
    category: 'fashion',
    subCategory: 'fashion-bags',
    shops: ['urban-threads', 'style-loft'],
    unit: 'pc',
    colors: ['Black', 'Navy', 'Grey', 'Beige', 'Brown', 'Green'],
    details: [
      'Water-resistant fabric with a wipe-clean lining.',
      'Backed by a limited lifetime warranty against manufacturing defects.',
      'Sturdy metal zips and reinforced stitching at every stress point.',
    ],
    variants: ['Heritage Edition'],
    items: [
      item('Little America Backpack', 'Herschel', 11999, 'A mountaineering-inspired backpack with a padded 15-inch laptop sleeve and magnetic strap closures.'),
      item('Classic Backpack XL', 'Herschel', 6999, 'A simple, roomy everyday backpack with a front storage pocket.'),
      item('Novel Duffle Bag', 'Herschel', 9999, 'A weekender with a signature shoe compartment at one end.'),
      item('Faux Leather Crossbody Bag', 'Mango', 5999, 'A compact crossbody in smooth faux leather with an adjustable chain strap.'),
      item('Canvas Shopper Tote', 'Uniqlo', 1999, 'A sturdy canvas tote that folds flat and carries a full week of groceries.'),
      item('Base Camp Duffel M', 'The North Face', 15999, 'A nearly indestructible laminate duffel with backpack straps, built for expeditions.'),
      item('Heritage Waist Pack', 'Nike', 2499, 'A hands-free hip pack with a zipped main compartment and an adjustable strap.'),
    ],
  },
  {
    category: 'home-and-living',
    subCategory: 'home-and-living-furniture',
    shops: ['nest-and-nook'],
    unit: 'pc',
    colors: ['Grey', 'Beige', 'White', 'Black', 'Brown'],
    details: [
      'Delivered flat-packed with illustrated assembly instructions and all fittings.',
      'Made from responsibly sourced wood.',
      'Wipe clean with a damp cloth.',
    ],
    variants: ['Oak Veneer', 'White Stain'],
    items: [
      item('Kallax Shelving Unit 4x4', 'IKEA', 13999, 'Sixteen cubes for books, vinyl and storage boxes; stand it up or lay it down as a bench.'),
      item('Poang Armchair', 'IKEA', 12999, 'A bentwood armchair with a gentle rocking bounce and a washable cushion cover.'),
      item('Lisabo Coffee Table', 'IKEA', 14999, 'An ash-veneer top on tapered solid birch legs that assemble in minutes without tools.'),
      item('Malm 6-Drawer Dresser', 'IKEA', 22999, 'Smooth-running drawers with pull-out stops and a clean, modern look.'),
      item('Billy Bookcase', 'IKEA', 7999, "The world's favourite bookcase, with adjustable shelves for any collection."),
      item('Ektorp 3-Seat Sofa', 'IKEA', 59999, 'Deep seat cushions and a removable, machine-washable cover.'),
      item('Markus Office Chair', 'IKEA', 22999, 'A high back with built-in lumbar support and breathable mesh that keeps you cool.'),
    ],
  },
  {
    category: 'home-and-living',
    subCategory: 'home-and-living-kitchen',
    shops: ['nest-and-nook'],
    unit: 'pc',
    details: [
      'Dishwasher safe for easy cleaning.',
      'Gift-boxed, so it is ready to give.',
      'Food-safe materials, free from BPA and PFAS.',
    ],
    variants: ['Gift Box'],
    items: [
      item('Ceramic Pour-Over Coffee Set', 'Hario', 4999, 'A V60 ceramic dripper, a glass server and 40 paper filters for clean, bright filter coffee.', { unit: 'set' }),
      item('V60 Buono Drip Kettle', 'Hario', 5499, 'A gooseneck kettle for slow, precise pouring over coffee grounds.'),
      item('Mizudashi Cold Brew Pot 1L', 'Hario', 2499, 'Makes smooth, low-acid cold brew coffee overnight in the fridge.'),
      item('Signature Cast Iron Casserole 24cm', 'Le Creuset', 32999, 'Enamelled cast iron that holds heat evenly for slow-cooked stews, bread and braises.'),
      item('Stoneware Baking Dish Set', 'Le Creuset', 8999, 'Three nesting baking dishes that go straight from the oven to the table.', { unit: 'set' }),
      item('Vardagen Chef\'s Knife 20cm', 'IKEA', 2499, 'A carbon-steel blade with a comfortable, well-balanced handle.'),
      item('Glass Food Storage Set (10 pcs)', 'IKEA', 1999, 'Oven-safe glass containers with airtight bamboo lids.', { unit: 'set' }),
    ],
  },
  {
    category: 'home-and-living',
    subCategory: 'home-and-living-decor',
    shops: ['nest-and-nook'],
    unit: 'pc',
    details: [
      'Designed in Scandinavia to suit modern and classic interiors alike.',
      'Carefully packed to arrive in perfect condition.',
      'Pairs beautifully with natural wood and linen textures.',
    ],
    variants: ['Large'],
    items: [
      item('Linen Shade Table Lamp', 'IKEA', 4999, 'A ceramic base and a natural linen shade that cast a warm, diffused glow.'),
      item('Handwoven Jute Rug 160x230', 'IKEA', 12999, 'Natural jute fibres woven by hand for texture underfoot.'),
      item('Ceramic Vase Set (3 pcs)', 'IKEA', 2999, 'Matte-glazed vases in graduated sizes for dried flowers or single stems.', { unit: 'set' }),
      item('Round Wall Mirror 60cm', 'IKEA', 5999, 'A slim metal frame that brightens hallways and bathrooms.'),
      item('Fig & Cedar Scented Candle', 'Jo Malone London', 6500, 'A hand-poured candle with notes of ripe fig and cedarwood and a 45-hour burn time.'),
      item('Botanical Print Set (2 pcs)', 'IKEA', 3999, 'Archival prints of pressed ferns in oak-effect frames.', { unit: 'set' }),
      item('Faux Olive Tree 120cm', 'IKEA', 7999, 'A lifelike olive tree that needs no water and no sunlight.'),
    ],
  },
  {
    category: 'home-and-living',
    subCategory: 'home-and-living-bedding',
    shops: ['nest-and-nook'],
    unit: 'pc',
    colors: ['White', 'Grey', 'Beige', 'Navy', 'Green'],
    details: [
      'OEKO-TEX certified, so it is free from harmful substances.',
      'Machine washable at 40 °C and gets softer with every wash.',
      'Try it for 365 nights; if you do not love it, send it back.',
    ],
    variants: ['King'],
    items: [
      item('Classic Percale Sheet Set (Queen)', 'Brooklinen', 14900, 'Crisp, cool 270-thread-count percale for hot sleepers.', { unit: 'set' }),
      item('Luxe Sateen Duvet Cover (Queen)', 'Brooklinen', 18900, 'A buttery-smooth 480-thread-count sateen with a subtle sheen.'),
      item('All-Season Down Alternative Comforter', 'Brooklinen', 17900, 'Year-round warmth from hypoallergenic microfibre fill.'),
      item('Linen Pillowcase Set (2 pack)', 'Brooklinen', 6900, 'Stonewashed European flax linen for a relaxed, lived-in look.', { unit: 'pack' }),
      item('Memory Foam Contour Pillow', 'IKEA', 3999, 'Ergonomic contour foam that supports your neck whether you sleep on your side or back.'),
      item('Chunky Knit Throw Blanket', 'IKEA', 4999, 'An oversized knitted throw for the end of the bed or movie nights on the sofa.'),
      item('Waterproof Mattress Protector (Queen)', 'IKEA', 2999, 'A quiet, breathable barrier against spills and allergens.'),
    ],
  },
  {
    category: 'beauty',
    subCategory: 'beauty-skincare',
    shops: ['glow-beauty-co'],
    unit: 'bottle',
    details: [
      'Fragrance free, vegan and never tested on animals.',
      'Suitable for all skin types, including sensitive skin.',
      'Patch test before first use and store away from direct sunlight.',
    ],
    variants: ['Travel Size'],
    items: [
      item('Vitamin C Brightening Serum', 'The Ordinary', 1899, 'A 15 % L-ascorbic acid serum with ferulic acid that visibly brightens and evens out skin tone.'),
      item('Niacinamide 10% + Zinc 1% Serum', 'The Ordinary', 699, 'A high-strength serum that reduces the look of blemishes and congestion.'),
      item('Hyaluronic Acid 2% + B5', 'The Ordinary', 899, 'Multi-weight hyaluronic acid for deep, lasting hydration.'),
      item('Retinol 0.5% in Squalane', 'The Ordinary', 1099, 'A moderate-strength retinol for smoother-looking skin over time.'),
      item('Moisturising Cream 454g', 'CeraVe', 1799, 'Three essential ceramides and hyaluronic acid in a rich, non-greasy cream.', { unit: 'pc' }),
      item('Hydrating Facial Cleanser', 'CeraVe', 1499, 'A gentle, non-foaming cleanser that removes make-up without stripping the skin.'),
      item('AM Facial Moisturising Lotion SPF 30', 'CeraVe', 1899, 'Broad-spectrum sun protection with niacinamide for a calm morning routine.'),
    ],
  },
  {
    category: 'beauty',
    subCategory: 'beauty-makeup',
    shops: ['glow-beauty-co'],
    unit: 'pc',
    colors: ['Red', 'Pink', 'Beige', 'Brown'],
    details: [
      'Dermatologically tested and suitable for sensitive eyes and skin.',
      'Cruelty free, with recyclable packaging.',
      'Not sure about your shade? Our beauty advisers reply within a day.',
    ],
    variants: ['Waterproof'],
    items: [
      item('Lash Sensational Mascara', 'Maybelline', 1199, 'A fanning brush with ten layers of bristles for full, sensational lashes.'),
      item('Sky High Lengthening Mascara', 'Maybelline', 1399, 'A bamboo-extract formula and a flexible brush for limitless length.'),
      item('Fit Me Matte + Poreless Foundation', 'Maybelline', 999, 'A lightweight foundation that blurs pores and controls shine.', { unit: 'bottle' }),
      item('SuperStay Matte Ink Liquid Lipstick', 'Maybelline', 1099, 'A liquid lipstick that lasts up to 16 hours without fading.'),
      item('Instant Age Rewind Concealer', 'Maybelline', 1099, 'A micro-corrector sponge applicator that hides dark circles in seconds.'),
      item('Lifter Gloss Lip Gloss', 'Maybelline', 999, 'A hyaluronic-acid gloss for fuller-looking, hydrated lips.'),
      item('High-Adherence Silicone Primer', 'The Ordinary', 899, 'A silicone primer that smooths texture and helps make-up last all day.', { unit: 'bottle' }),
    ],
  },
  {
    category: 'beauty',
    subCategory: 'beauty-fragrance',
    shops: ['glow-beauty-co'],
    unit: 'bottle',
    details: [
      'Crafted in London and presented in the signature cream-and-black gift box.',
      'Layer it with another scent from the collection to create your own.',
      'Free gift wrapping and a handwritten note on request.',
    ],
    variants: ['30ml'],
    items: [
      item('Wood Sage & Sea Salt Cologne 100ml', 'Jo Malone London', 15500, 'A mineral, windswept scent of ambrette seeds, sea salt and sage.'),
      item('English Pear & Freesia Cologne 100ml', 'Jo Malone London', 15500, 'Ripe autumn pears wrapped in white freesias over a woody patchouli base.'),
      item('Peony & Blush Suede Cologne 50ml', 'Jo Malone London', 11000, 'Lush peonies with a hint of red apple on a soft suede base.'),
      item('Lime Basil & Mandarin Cologne 30ml', 'Jo Malone London', 7500, 'Peppery basil and aromatic white thyme over zesty lime.'),
      item('Velvet Rose & Oud Cologne Intense 100ml', 'Jo Malone London', 23000, 'Smoky Damask rose and rich oud for the evening.'),
      item('Myrrh & Tonka Cologne Intense 50ml', 'Jo Malone London', 14500, 'Warm, almond-like tonka and resinous myrrh that linger beautifully.'),
      item('Blackberry & Bay Body Lotion 250ml', 'Jo Malone London', 7000, 'A tart, fresh scent that leaves skin soft and lightly fragranced.'),
    ],
  },
  {
    category: 'beauty',
    subCategory: 'beauty-hair-care',
    shops: ['glow-beauty-co'],
    unit: 'bottle',
    details: [
      'Free from sulfates, parabens and phthalates; safe for colour-treated hair.',
      'Vegan and cruelty free.',
      'Recommended by salon professionals for damaged, brittle hair.',
    ],
    variants: ['Salon Size'],
    items: [
      item('No.3 Hair Perfector 100ml', 'Olaplex', 2999, 'An at-home bond-building treatment that reduces breakage and strengthens hair.'),
      item('No.4 Bond Maintenance Shampoo 250ml', 'Olaplex', 2999, 'A highly moisturising shampoo that repairs and protects every hair type.'),
      item('No.5 Bond Maintenance Conditioner 250ml', 'Olaplex', 2999, 'A lightweight conditioner that detangles and seals the hair cuticle.'),
      item('No.6 Bond Smoother 100ml', 'Olaplex', 2999, 'A leave-in styling cream that eliminates frizz for up to 72 hours.'),
      item('No.7 Bonding Oil 30ml', 'Olaplex', 2999, 'A weightless oil that boosts shine and protects against heat up to 230 °C.'),
      item('No.0 Intensive Bond Building Treatment', 'Olaplex', 2999, 'A concentrated primer that preps hair for the No.3 treatment.'),
      item('No.9 Bond Protector Nourishing Serum', 'Olaplex', 3199, 'A lightweight serum that shields hair from pollution and heat.'),
    ],
  },
  {
    category: 'sports-and-outdoors',
    subCategory: 'sports-and-outdoors-fitness',
    shops: ['summit-outfitters'],
    unit: 'pc',
    colors: ['Black', 'Blue', 'Pink', 'Green', 'Purple'],
    details: [
      'Built to survive daily training at home or in the gym.',
      'Comes with a printed workout guide and access to follow-along videos.',
      'Covered by a one-year warranty.',
    ],
    variants: ['Pro'],
    items: [
      item('Premium Yoga Mat 6mm', 'Nike', 4999, 'A non-slip textured surface with extra cushioning for knees and wrists.'),
      item('Adjustable Dumbbell Set 24kg', 'Adidas', 42999, 'Replaces fifteen pairs of dumbbells, adjusting from 2 to 24 kg with a turn of the dial.', { unit: 'set' }),
      item('Resistance Band Set (5 pack)', 'Adidas', 2499, 'Five latex-free bands from extra light to extra heavy, with a carry bag.', { unit: 'pack' }),
      item('High-Density Foam Roller 45cm', 'Nike', 2999, 'A firm roller that releases tight muscles after runs and lifting sessions.'),
      item('Speed Rope with Counter', 'Nike', 1999, 'A tangle-free cable rope with a built-in jump counter in the handle.'),
      item('Cast Iron Kettlebell 12kg', 'Adidas', 4999, 'A wide, smooth handle and a flat base for swings, snatches and goblet squats.'),
      item('Insulated Water Bottle 32oz', 'Hydro Flask', 4499, 'Double-wall vacuum insulation keeps drinks cold for 24 hours.'),
    ],
  },
  {
    category: 'sports-and-outdoors',
    subCategory: 'sports-and-outdoors-camping',
    shops: ['summit-outfitters'],
    unit: 'pc',
    colors: ['Green', 'Blue', 'Grey'],
    details: [
      'Field-tested by our staff on weekends in the Rockies.',
      'Packs down small and comes with a stuff sack.',
      'Backed by a generous outdoor-gear warranty.',
    ],
    variants: ['Family Size'],
    items: [
      item('Sundome 4-Person Tent', 'Coleman', 12999, 'Sets up in about ten minutes, with a WeatherTec floor and welded corners.'),
      item('Brazos Cold Weather Sleeping Bag', 'Coleman', 4999, 'Rated to -7 °C, with a ZipPlow zipper that glides through fabric without snagging.'),
      item('Classic Propane Camping Stove', 'Coleman', 6999, 'Two adjustable burners with wind baffles for cooking real meals at camp.'),
      item('Xtreme 5-Day Cooler 47L', 'Coleman', 8999, 'Keeps ice for up to five days, even at 32 °C.'),
      item('BatteryGuard 400 Lumen Headlamp', 'Coleman', 2999, 'A bright, adjustable beam with a red night-vision mode.'),
      item('Stormbreak 2 Backpacking Tent', 'The North Face', 17999, 'A two-person, three-season tent with two doors and two vestibules.'),
      item('Wide Mouth Trail Bottle 24oz', 'Hydro Flask', 3999, 'A lightweight insulated bottle that clips onto your pack.'),
    ],
  },
  {
    category: 'sports-and-outdoors',
    subCategory: 'sports-and-outdoors-cycling',
    shops: ['summit-outfitters'],
    unit: 'pc',
    colors: ['Black', 'White', 'Red', 'Blue'],
    details: [
      'Fitted and checked by our in-house bike mechanic before it ships.',
      'Designed for road, gravel and commuting.',
      'Covered by a two-year warranty.',
    ],
    variants: ['Team Edition'],
    items: [
      item('Edge 540 GPS Bike Computer', 'Garmin', 34999, 'Turn-by-turn navigation, ClimbPro and a power guide for every ride.'),
      item('Varia RTL515 Rear Radar Light', 'Garmin', 19999, 'Warns you of vehicles approaching from behind up to 140 m away.'),
      item('Align II MIPS Bike Helmet', 'Specialized', 6999, 'MIPS protection, an adjustable fit system and plenty of vents.'),
      item('RBX Padded Cycling Bib Shorts', 'Specialized', 9999, 'A multi-density chamois and compressive fabric for long days in the saddle.'),
      item('Air Tool Sport Floor Pump', 'Specialized', 4999, 'A large, accurate gauge and a head that fits Presta and Schrader valves.'),
      item('Rockhopper Sport 29 Mountain Bike', 'Specialized', 89999, 'A lightweight aluminium hardtail with a 100 mm fork and hydraulic disc brakes.'),
      item('Purist Insulated Water Bottle 650ml', 'Specialized', 1499, 'A glass-like coating that keeps your drink tasting clean ride after ride.'),
    ],
  },
  {
    category: 'sports-and-outdoors',
    subCategory: 'sports-and-outdoors-team-sports',
    shops: ['summit-outfitters'],
    unit: 'pc',
    details: [
      'Approved for league and club play.',
      'Built to last through a full season of training.',
      'Ships inflated where applicable, ready for the first whistle.',
    ],
    variants: ['Club Pack'],
    items: [
      item('NBA Official Game Basketball', 'Wilson', 19999, 'The official ball of the NBA, with a premium full-grain leather cover.'),
      item('Evolution Indoor Basketball', 'Wilson', 7999, 'A soft microfibre composite cover and cushioned core for a great feel.'),
      item('Pro Staff 97 Tennis Racket', 'Wilson', 26999, 'A braided graphite frame for precision and a classic, connected feel.'),
      item('AVP Official Beach Volleyball', 'Wilson', 4999, 'A soft, stitched cover that plays consistently in sun and wind.'),
      item('Tiro League Football Size 5', 'Adidas', 2999, 'A machine-stitched ball with a butyl bladder for great air retention.'),
      item('Mercurial Vapor Academy Football Boots', 'Nike', 8999, 'A snug, sock-like fit and firm-ground studs for explosive speed.', { unit: 'pair', sizes: 'shoes' }),
      item('Mercurial Lite Shin Guards', 'Nike', 2499, 'Low-profile, lightweight protection with a breathable sleeve.', { unit: 'pair' }),
    ],
  },
  {
    category: 'grocery',
    subCategory: 'grocery-snacks',
    shops: ['green-basket'],
    unit: 'pack',
    details: [
      'Best kept in a cool, dry place; reseal after opening.',
      'Contains nuts; packed in a facility that also handles gluten.',
      'Free from artificial colours and preservatives.',
    ],
    variants: ['Family Pack'],
    items: [
      item('Dark Chocolate Nuts & Sea Salt Bars (12 pack)', 'KIND', 1699, 'Whole almonds and peanuts with a drizzle of dark chocolate and a pinch of sea salt.'),
      item('Peanut Butter Whole Grain Bars (12 pack)', 'KIND', 1499, 'Five whole grains and creamy peanut butter in a chewy, satisfying bar.'),
      item('Healthy Grains Granola Clusters', 'KIND', 699, 'Crunchy clusters of oats, millet and quinoa with a touch of honey.'),
      item('Organic Medjool Dates 500g', 'Green Basket Farms', 899, 'Plump, caramel-sweet dates from a family farm in the Coachella Valley.'),
      item('Roasted & Salted Almonds 400g', 'Green Basket Farms', 799, 'Californian almonds roasted in small batches and lightly salted.'),
      item('Sea Salt Kettle Chips 150g', 'Green Basket Farms', 349, 'Thick-cut potatoes cooked in sunflower oil for an extra-crunchy bite.'),
      item('Cranberry Trail Mix 500g', 'Green Basket Farms', 899, 'Cashews, almonds, pumpkin seeds and tart dried cranberries.'),
    ],
  },
  {
    category: 'grocery',
    subCategory: 'grocery-beverages',
    shops: ['green-basket'],
    unit: 'pack',
    details: [
      'Store in a cool, dry place away from sunlight.',
      'Sourced from growers who are paid fairly for their crops.',
      'Recyclable packaging.',
    ],
    variants: ['Multipack'],
    items: [
      item('Qualita Rossa Ground Coffee 250g', 'Lavazza', 699, 'A rounded blend of Arabica and Robusta with notes of chocolate and dried fruit.'),
      item('Super Crema Whole Bean Coffee 1kg', 'Lavazza', 2499, 'Mild, creamy espresso beans with hazelnut and brown sugar notes.'),
      item('Espresso Intenso Capsules (36 pack)', 'Lavazza', 1599, 'A full-bodied espresso with a thick, velvety crema.'),
      item('Organic Sencha Green Tea (50 bags)', 'Green Basket Farms', 699, 'Grassy, delicate Japanese-style green tea in compostable bags.'),
      item('Cold-Pressed Orange Juice 1L', 'Green Basket Farms', 549, 'Pressed from Valencia oranges the day it ships, never from concentrate.', { unit: 'bottle' }),
      item('Sparkling Mineral Water (6 x 750ml)', 'Green Basket Farms', 899, 'Naturally carbonated spring water with fine, persistent bubbles.'),
      item('Oat Barista Milk 1L', 'Green Basket Farms', 299, 'Foams like dairy milk for latte art at home.', { unit: 'bottle' }),
    ],
  },
  {
    category: 'grocery',
    subCategory: 'grocery-pantry',
    shops: ['green-basket'],
    unit: 'pack',
    details: [
      'Store in an airtight container once opened.',
      'Non-GMO and sourced from certified producers.',
      'Great value for stocking up the pantry.',
    ],
    variants: ['Bulk Bag'],
    items: [
      item('Extra Virgin Olive Oil 1L', 'Green Basket Farms', 1499, 'Cold-pressed from early-harvest Koroneiki olives for a peppery, grassy finish.', { unit: 'bottle' }),
      item('Old Fashioned Rolled Oats 907g', "Bob's Red Mill", 699, 'Thick, whole-grain rolled oats for hearty porridge and overnight oats.'),
      item('Organic Tri-Color Quinoa 750g', "Bob's Red Mill", 899, 'A complete plant protein that cooks in fifteen minutes.'),
      item('Gluten Free 1-to-1 Baking Flour 624g', "Bob's Red Mill", 749, 'Swaps cup for cup into your favourite recipes.'),
      item('Raw Wildflower Honey 500g', 'Green Basket Farms', 1099, 'Unfiltered honey from hives in the Cascade foothills.', { unit: 'bottle' }),
      item('Aged Basmati Rice 5kg', 'Green Basket Farms', 1799, 'Long, fragrant grains aged for a year for fluffier rice.'),
      item('Bronze-Cut Spaghetti 500g', 'Green Basket Farms', 349, 'Slow-dried Italian pasta with a rough surface that holds sauce.'),
    ],
  },
  {
    category: 'grocery',
    subCategory: 'grocery-fresh-produce',
    shops: ['green-basket'],
    unit: 'kg',
    details: [
      'Picked to order and delivered within 48 hours of harvest.',
      'Keep refrigerated for the longest freshness.',
      'Grown without synthetic pesticides by our partner farms.',
    ],
    variants: ['Value Pack'],
    items: [
      item('Organic Hass Avocados (4 pack)', 'Green Basket Farms', 599, 'Creamy avocados, ripe and ready to eat within two days.', { unit: 'pack' }),
      item('Honeycrisp Apples', 'Green Basket Farms', 499, 'Explosively crisp and juicy apples from Washington orchards.'),
      item('Organic Baby Spinach 200g', 'Green Basket Farms', 349, 'Tender, triple-washed leaves for salads and smoothies.', { unit: 'pack' }),
      item('Vine-Ripened Tomatoes', 'Green Basket Farms', 599, 'Sweet, fragrant tomatoes still on the vine.'),
      item('Fairtrade Bananas', 'Green Basket Farms', 199, 'Sweet bananas grown by Fairtrade-certified cooperatives.'),
      item('Fresh Strawberries 400g', 'Green Basket Farms', 449, 'Sun-ripened berries picked at peak sweetness.', { unit: 'pack' }),
      item('Organic Rainbow Carrots', 'Green Basket Farms', 299, 'Purple, orange and yellow carrots with a sweet, earthy crunch.'),
    ],
  },
  {
    category: 'toys-and-games',
    subCategory: 'toys-and-games-building-sets',
    shops: ['play-planet'],
    unit: 'set',
    details: [
      'Compatible with all major building-brick brands.',
      'Includes step-by-step picture instructions.',
      'Contains small parts; not suitable for children under three.',
    ],
    variants: ['Deluxe'],
    items: [
      item('LEGO-style City Fire Station', 'BrickCraft', 8999, 'A 540-piece fire station with a fire engine, a working ladder and four firefighter figures.'),
      item('Space Shuttle Explorer', 'BrickCraft', 4999, 'A 320-piece shuttle with opening cargo doors, a satellite and two astronauts.'),
      item('Medieval Castle Building Kit', 'BrickCraft', 11999, 'A 1,100-piece castle with a drawbridge, a dungeon and a dragon.'),
      item('Magnetic Building Tiles (60 pcs)', 'BrickCraft', 5999, 'Bright translucent tiles that click together into towers, rockets and more.'),
      item('Creative Brick Box (900 pcs)', 'BrickCraft', 3999, 'Nine hundred bricks in 33 colours, with wheels, windows and doors.'),
      item('Racing Car Engineering Kit', 'BrickCraft', 6999, 'A 700-piece race car with working steering and a piston engine.'),
      item('Dinosaur Park Adventure Set', 'BrickCraft', 7999, 'A T-rex, a jeep and an electric fence for a prehistoric rescue mission.'),
    ],
  },
  {
    category: 'toys-and-games',
    subCategory: 'toys-and-games-board-games',
    shops: ['play-planet'],
    unit: 'pc',
    details: [
      'For 2 to 6 players, ages 8 and up.',
      'A favourite for family game nights.',
      'All pieces store neatly in the box insert.',
    ],
    variants: ['Travel Edition'],
    items: [
      item('Monopoly Classic', 'Hasbro', 2999, 'Buy, sell and trade your way to a property empire in the classic fast-dealing game.'),
      item('Scrabble Original', 'Hasbro', 2499, 'The classic crossword game with a rotating board and wooden tile racks.'),
      item('Cluedo Classic Mystery Game', 'Hasbro', 2499, 'Find out who did it, where and with what in this whodunit for 2 to 6 sleuths.'),
      item('Connect 4', 'Hasbro', 1299, 'Drop discs and get four in a row before your opponent does.'),
      item('Labyrinth Family Board Game', 'Ravensburger', 2999, 'Shift the maze to reach your treasures in this moving-maze classic.'),
      item('Scotland Yard', 'Ravensburger', 3499, 'Detectives work together to track the mysterious Mister X across London.'),
      item('Starry Night Jigsaw Puzzle 1000 pcs', 'Ravensburger', 1999, "Van Gogh's masterpiece on precisely cut, glare-free pieces."),
    ],
  },
  {
    category: 'toys-and-games',
    subCategory: 'toys-and-games-dolls',
    shops: ['play-planet'],
    unit: 'pc',
    details: [
      'Recommended for ages 3 and up.',
      'Batteries not required.',
      'Collect the whole range for even more imaginative play.',
    ],
    variants: ['Gift Set'],
    items: [
      item('Barbie Dreamhouse', 'Mattel', 17999, 'Three storeys, ten rooms, a working elevator and a slide into the pool.'),
      item('Barbie Fashionistas Doll', 'Mattel', 1199, 'A poseable doll in a trendy outfit, one of more than 100 looks to collect.'),
      item('Barbie Camper Playset', 'Mattel', 7999, 'A camper that transforms into a campsite with a pool and more than 60 accessories.'),
      item('Polly Pocket Pocket World Compact', 'Mattel', 1999, 'A tiny world that opens to reveal surprises, micro dolls and accessories.'),
      item('Little People Caring for Animals Farm', 'Mattel', 3999, 'A farm playset with animal sounds, a barn door that opens and friendly figures.'),
      item('Baby Alive Sweet Spoonfuls Doll', 'Hasbro', 2999, 'A baby doll that eats, drinks and wets, with a mix of doll food.'),
      item('Peppa Pig Family Figure Set', 'Hasbro', 1499, 'Peppa, George, Mummy Pig and Daddy Pig ready for muddy puddle adventures.'),
    ],
  },
  {
    category: 'toys-and-games',
    subCategory: 'toys-and-games-outdoor-play',
    shops: ['play-planet'],
    unit: 'pc',
    details: [
      'Built for the garden, the park and the beach.',
      'Recommended for ages 6 and up; adult supervision advised.',
      'Weather resistant and easy to clean.',
    ],
    variants: ['Twin Pack'],
    items: [
      item('Nerf Elite 2.0 Commander Blaster', 'Hasbro', 1999, 'A six-dart rotating drum and tactical rails for customisation.'),
      item('Super Soaker XP100 Water Blaster', 'Hasbro', 2499, 'Air-pressurised blasts that soak targets up to 10 metres away.'),
      item('Nerf Rival Nemesis Blaster', 'Hasbro', 7999, 'A motorised blaster with a 100-round hopper for full-auto battles.'),
      item('Hot Wheels Track Builder Stunt Set', 'Mattel', 3999, 'Loops, ramps and launchers that connect into endless stunt tracks.', { unit: 'set' }),
      item('Kids Pop-Up Play Tent', 'Coleman', 3499, 'A tent that pops up in seconds for backyard camping and indoor dens.'),
      item('Junior Soccer Ball Size 3', 'Wilson', 1499, 'A lightweight ball sized for young players learning the game.'),
      item('Youth Mini Basketball Hoop', 'Wilson', 3999, 'An adjustable hoop that mounts on a door or a wall, with a soft ball.'),
    ],
  },
  {
    category: 'books',
    subCategory: 'books-fiction',
    shops: ['page-turner-books'],
    unit: 'pc',
    details: [
      'Ships in a protective cardboard book wrap.',
      'An ideal pick for book clubs, with discussion questions at the back.',
      'Signed bookplates are available while stocks last.',
    ],
    variants: ['Hardcover'],
    items: [
      item('The Midnight Library (Paperback)', 'Penguin Random House', 1299, 'Between life and death there is a library, and every book in it is a life Nora could have lived.'),
      item('Project Hail Mary (Paperback)', 'Penguin Random House', 1499, 'A lone astronaut wakes up with no memory and the fate of humanity on his shoulders.'),
      item('Where the Crawdads Sing (Paperback)', 'Penguin Random House', 1199, 'A coming-of-age mystery set in the marshes of the North Carolina coast.'),
      item('Lessons in Chemistry (Paperback)', 'Penguin Random House', 1399, 'A chemist turned TV cooking star takes on the sexism of 1960s America.'),
      item('The Thursday Murder Club (Paperback)', 'Penguin Random House', 1099, 'Four retirees meet weekly to investigate cold cases, until a real murder lands on their doorstep.'),
      item('Tomorrow, and Tomorrow, and Tomorrow (Paperback)', 'Penguin Random House', 1499, 'Two friends build video games together over thirty years of love, rivalry and loss.'),
      item('The Alchemist (Paperback)', 'HarperCollins', 1099, 'A shepherd boy travels from Spain to Egypt in search of a treasure and his personal legend.'),
      item('Eleanor Oliphant Is Completely Fine (Paperback)', 'HarperCollins', 1099, 'A funny, moving story of a woman who learns that the only way to survive is to open her heart.'),
    ],
  },
  {
    category: 'books',
    subCategory: 'books-non-fiction',
    shops: ['page-turner-books'],
    unit: 'pc',
    details: [
      'Ships in a protective cardboard book wrap.',
      'A staff favourite at Page Turner Books.',
      'Includes notes, references and an index.',
    ],
    variants: ['Paperback'],
    items: [
      item('Atomic Habits (Hardcover)', 'Penguin Random House', 2699, 'A proven framework for building good habits and breaking bad ones, one tiny change at a time.'),
      item('Sapiens: A Brief History of Humankind', 'HarperCollins', 2499, 'How Homo sapiens came to rule the planet, from the Stone Age to the present.'),
      item('Educated: A Memoir', 'Penguin Random House', 1799, 'A woman raised in a survivalist family in Idaho leaves home to earn a PhD from Cambridge.'),
      item('Thinking, Fast and Slow', 'Penguin Random House', 1999, 'A Nobel laureate explains the two systems that drive the way we think.'),
      item('Becoming (Hardcover)', 'Penguin Random House', 2199, 'The intimate, inspiring memoir of the former First Lady of the United States.'),
      item('Born a Crime', 'Penguin Random House', 1699, 'Stories from a South African childhood, told with wit and warmth.'),
      item('Freakonomics', 'HarperCollins', 1699, 'A rogue economist explores the hidden side of everything.'),
    ],
  },
  {
    category: 'books',
    subCategory: 'books-children',
    shops: ['page-turner-books'],
    unit: 'pc',
    details: [
      'Sturdy binding that stands up to repeated bedtime readings.',
      'Beautifully illustrated throughout.',
      'A wonderful gift for young readers.',
    ],
    variants: ['Gift Edition'],
    items: [
      item('The Very Hungry Caterpillar (Board Book)', 'Penguin Random House', 999, 'A tiny caterpillar eats its way through the week in this die-cut classic.'),
      item('Where the Wild Things Are', 'HarperCollins', 1099, 'Max sails off to the land of the Wild Things and becomes their king.'),
      item('Goodnight Moon (Board Book)', 'HarperCollins', 899, 'A gentle, rhyming goodnight to everything in the great green room.'),
      item('Charlie and the Chocolate Factory', 'Penguin Random House', 899, "Charlie Bucket wins a golden ticket to Willy Wonka's mysterious factory."),
      item('Matilda', 'Penguin Random House', 899, 'A brilliant girl with extraordinary powers stands up to the dreadful Miss Trunchbull.'),
      item('Wonder', 'Penguin Random House', 1099, 'Auggie Pullman goes to a mainstream school for the first time and shows everyone how to be kind.'),
      item("Charlotte's Web", 'HarperCollins', 999, 'The story of a pig named Wilbur and the clever spider who saves his life.'),
    ],
  },
  {
    category: 'books',
    subCategory: 'books-comics',
    shops: ['page-turner-books'],
    unit: 'pc',
    details: [
      'Collected edition printed on heavy, full-colour paper.',
      'Ships bagged and boarded to keep the corners crisp.',
      'A great jumping-on point for new readers.',
    ],
    variants: ['Deluxe Edition'],
    items: [
      item('Miles Morales: Spider-Man Vol. 1', 'Marvel', 1699, 'Brooklyn\'s own Spider-Man balances school, family and a city that needs him.'),
      item('Ms. Marvel Vol. 1: No Normal', 'Marvel', 1599, 'Kamala Khan, a teenager from Jersey City, discovers she has shape-shifting powers.'),
      item('House of X / Powers of X', 'Marvel', 3999, 'The landmark story that reinvented the X-Men for a new era.'),
      item('Hawkeye: My Life as a Weapon', 'Marvel', 1699, 'What Clint Barton does when he is not being an Avenger.'),
      item('Captain America: Winter Soldier Ultimate Collection', 'Marvel', 3499, 'The story that brought Bucky Barnes back from the dead.'),
      item('Maus: A Survivor\'s Tale', 'Penguin Random House', 2499, 'The Pulitzer Prize-winning graphic memoir of a Holocaust survivor and his son.'),
      item('Persepolis: The Story of a Childhood', 'Penguin Random House', 1999, "Marjane Satrapi's graphic memoir of growing up during the Islamic Revolution in Iran."),
    ],
  },
];

/** Every brand the items name, in first-use order. */
export const brandNames: string[] = [...new Set(catalogSeeds.flatMap((sub) => sub.items.map((entry) => entry.brand)))];

/** The units the demo's products are sold by, `pc` (a product's default) first, as the console lists them. */
export const unitSeeds: ReadonlyArray<{ name: string; sortOrder: number }> = [
  ...new Set(['pc', ...catalogSeeds.flatMap((sub) => [sub.unit, ...sub.items.flatMap((entry) => entry.unit ?? [])])]),
].map((name, index) => ({ name, sortOrder: index + 1 }));

export const reviewerNames = [
  'Aisha K.', 'Liam O.', 'Sofia R.', 'Mateo G.', 'Priya S.', 'Noah W.', 'Yuki T.', 'Emma L.',
  'Omar H.', 'Chloe D.', 'Kwame A.', 'Isabella M.', 'Arjun P.', 'Mia C.', 'Diego F.', 'Hannah B.',
  'Wei Z.', 'Fatima N.', 'Lucas V.', 'Zara J.', 'Ethan R.', 'Amara E.', 'Hiroshi Y.', 'Grace N.',
  'Santiago L.', 'Leila M.', 'Oliver S.', 'Nadia K.', 'Samuel T.', 'Ava P.', 'Tariq B.', 'Elena V.',
  'Jamal W.', 'Ingrid H.', 'Rafael D.', 'Mei L.', 'Daniel O.', 'Chiara F.', 'Kofi M.', 'Lena S.',
];

/** Comments by rating (index 0 is one star). */
export const reviewComments: string[][] = [
  [
    'Stopped working after a week. Returning it.',
    'Poor quality and nothing like the photos.',
    'Wrong item arrived and support was slow to respond.',
    'Would not recommend. Waste of money.',
  ],
  [
    'Not great. It started showing wear after a few weeks.',
    'Disappointed; it feels cheaper than it looks.',
    'Arrived late and the box was damaged.',
    'Does the job, barely. Expected much better.',
  ],
  [
    "It's okay. Does what it says, nothing special.",
    'Average quality for the price.',
    'Decent, but I expected a bit more.',
    'Works fine, though the instructions were confusing.',
    'Mixed feelings. Some things are great, others not so much.',
  ],
  [
    'Really good, just a couple of small niggles.',
    'Great value; delivery took a day longer than expected.',
    'Very nice overall. The packaging could be better.',
    'Does the job well. Would recommend.',
    'Good quality, slightly pricier than elsewhere.',
    'Happy with it, though the colour is a touch different from the photos.',
  ],
  [
    'Absolutely love it, it exceeded my expectations!',
    'Five stars. I would buy again without hesitation.',
    'Excellent quality for the price.',
    'Arrived quickly and works perfectly.',
    'Exactly as described. Very happy!',
    'Bought it as a gift and they loved it.',
    "Best purchase I've made this year.",
    "Superb quality, you can tell it's well made.",
  ],
];

/** Comments that only make sense for one category, by category slug. */
export const categoryComments: Record<string, { good: string[]; bad: string[] }> = {
  'electronics': {
    good: ['Battery life is excellent and setup took minutes.', 'Fast, responsive and the build quality feels premium.'],
    bad: ['Battery drains much faster than advertised.', 'Kept disconnecting; the firmware update did not help.'],
  },
  'fashion': {
    good: ['Fits true to size and the fabric feels great.', 'Washed it several times and it still looks new.'],
    bad: ['Runs small; I had to return it for a bigger size.', 'The colour faded after the first wash.'],
  },
  'home-and-living': {
    good: ['Looks even better in our home than in the photos.', 'Solid build and easy to put together.'],
    bad: ['One panel arrived scratched.', 'Smaller than I expected from the pictures.'],
  },
  'beauty': {
    good: ['My skin has never felt better.', 'Gentle on my sensitive skin, no irritation at all.'],
    bad: ['Broke me out, sadly not for my skin type.', 'The scent fades within an hour.'],
  },
  'sports-and-outdoors': {
    good: ['Held up great on a weekend in the mountains.', 'Sturdy and comfortable for daily training.'],
    bad: ['Stitching came loose after a month.', 'Heavier than advertised.'],
  },
  'grocery': {
    good: ['Fresh and tasty; I will definitely reorder.', 'Great flavour and very well packed.'],
    bad: ['Arrived close to its best-before date.', 'Not as fresh as I had hoped.'],
  },
  'toys-and-games': {
    good: ["My kids haven't put it down since it arrived.", 'Hours of fun for the whole family.'],
    bad: ['A few pieces were missing from the box.', 'Broke within the first day of play.'],
  },
  'books': {
    good: ["Couldn't put it down; finished it in two days.", 'Beautifully written. I have already recommended it to friends.'],
    bad: ['The cover arrived bent.', 'Slow going; I gave up halfway through.'],
  },
};
