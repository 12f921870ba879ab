import type { Color } from '@shop/contract/constants';
import type { AccessoryKind } from './art/accessories';
import type { CosmeticKind } from './art/cosmetics';
import type { DressKind } from './art/dresses';
import type { JewelleryKind } from './art/jewellery';

interface Common {
  name: string;
  color: Color;
  /** Dollars, as the shop shows them. */
  price: number;
  oldPrice?: number;
  /** The rating shown until the product's first review. */
  rating: number;
  description: string;
}

export type DemoProduct = Common &
  (
    | { category: 'dress'; art: DressKind }
    | { category: 'accessories'; art: AccessoryKind }
    | { category: 'jewellery'; art: JewelleryKind }
    | { category: 'cosmetics'; art: CosmeticKind }
  );

const DRESSES: DemoProduct[] = [
  {
    category: 'dress',
    art: 'slip',
    color: 'black',
    name: 'Midnight Silk Slip Dress',
    price: 189,
    oldPrice: 240,
    rating: 4.7,
    description:
      'Bias-cut pure silk that skims the body and falls to a fluid midi hem. Adjustable straps and a soft cowl neckline take it from dinner to dancing.',
  },
  {
    category: 'dress',
    art: 'wrap',
    color: 'red',
    name: 'Scarlet Wrap Midi Dress',
    price: 98,
    oldPrice: 130,
    rating: 4.5,
    description:
      'A true wrap dress in fluid crepe that ties at the waist and flatters every shape. The flared midi skirt moves beautifully when you walk.',
  },
  {
    category: 'dress',
    art: 'a-line',
    color: 'green',
    name: 'Sage Cotton A-Line Dress',
    price: 72,
    rating: 4.3,
    description:
      'A fitted bodice and a full A-line skirt in crisp cotton poplin. Easy, polished and made for long summer days.',
  },
  {
    category: 'dress',
    art: 'shirt',
    color: 'beige',
    name: 'Oat Linen Shirt Dress',
    price: 119,
    rating: 4.4,
    description:
      'Washed linen with a classic collar, a button front and a belt to define the waist. Patch pockets keep it relaxed.',
  },
  {
    category: 'dress',
    art: 'gown',
    color: 'blue',
    name: 'Sapphire Satin Evening Gown',
    price: 420,
    oldPrice: 520,
    rating: 4.9,
    description:
      'A strapless sweetheart bodice above a full floor-length satin skirt with soft pleats. Made for black-tie evenings and unforgettable entrances.',
  },
  {
    category: 'dress',
    art: 'polka-puff',
    color: 'blue',
    name: 'Navy Polka Dot Puff Sleeve Dress',
    price: 64,
    rating: 4.2,
    description:
      'Playful polka dots, a square neckline and gathered puff sleeves. The skirt swings just below the knee.',
  },
  {
    category: 'dress',
    art: 'slip',
    color: 'gold',
    name: 'Gilded Satin Slip Dress',
    price: 145,
    rating: 4.6,
    description:
      'Liquid gold satin cut on the bias with delicate spaghetti straps. Layer it over a fine knit by day or wear it alone after dark.',
  },
  {
    category: 'dress',
    art: 'wrap',
    color: 'green',
    name: 'Emerald Silk Wrap Dress',
    price: 210,
    oldPrice: 265,
    rating: 4.8,
    description:
      'Heavy silk crepe in a deep emerald, wrapped and tied at the waist. A dress that feels as good as it looks.',
  },
  {
    category: 'dress',
    art: 'a-line',
    color: 'black',
    name: 'The Little Black Dress',
    price: 89,
    oldPrice: 110,
    rating: 4.6,
    description:
      'Our take on the essential: a scoop neck, a defined waist and a pleated A-line skirt in soft ponte. Goes everywhere, suits everyone.',
  },
  {
    category: 'dress',
    art: 'gown',
    color: 'silver',
    name: 'Moonlight Silver Gown',
    price: 360,
    rating: 4.7,
    description:
      'Shimmering silver satin with a sculpted strapless bodice and a sweeping skirt. It catches the light with every step.',
  },
  {
    category: 'dress',
    art: 'shirt',
    color: 'red',
    name: 'Cherry Poplin Shirt Dress',
    price: 58,
    rating: 4.1,
    description:
      'Crisp cotton poplin in a bright cherry red, with short rolled sleeves, a button front and a belted waist.',
  },
  {
    category: 'dress',
    art: 'wrap',
    color: 'beige',
    name: 'Sand Jersey Wrap Dress',
    price: 46,
    rating: 4,
    description:
      'Soft stretch jersey in a warm sand tone that packs without creasing. A wrap shape you can wear to the office or on holiday.',
  },
  {
    category: 'dress',
    art: 'slip',
    color: 'silver',
    name: 'Pearl Grey Satin Slip',
    price: 79,
    oldPrice: 99,
    rating: 4.3,
    description:
      'A minimalist satin slip in pearl grey with a draped cowl neck. Wear it alone or layered under a blazer.',
  },
  {
    category: 'dress',
    art: 'puff',
    color: 'gold',
    name: 'Buttercup Puff Sleeve Dress',
    price: 54,
    rating: 4.2,
    description:
      'Sunny mustard cotton with a square neckline and romantic puff sleeves. A fitted waist and a flared skirt complete the look.',
  },
  {
    category: 'dress',
    art: 'gown',
    color: 'red',
    name: 'Ruby Velvet Ball Gown',
    price: 298,
    rating: 4.8,
    description:
      'Deep ruby velvet with a sweetheart neckline and a full skirt that pools at the floor. Rich colour for winter celebrations.',
  },
  {
    category: 'dress',
    art: 'shirt',
    color: 'green',
    name: 'Olive Utility Shirt Dress',
    price: 39,
    oldPrice: 55,
    rating: 3.9,
    description:
      'A relaxed shirt dress in olive twill with chest pockets and a belted waist. Throw it on with sneakers or boots.',
  },
];

const ACCESSORIES: DemoProduct[] = [
  {
    category: 'accessories',
    art: 'tote',
    color: 'black',
    name: 'Structured Leather Tote',
    price: 245,
    oldPrice: 290,
    rating: 4.7,
    description:
      'Smooth calf leather in a structured shape with rolled top handles and a polished turn-lock. Fits a laptop, a scarf and everything in between.',
  },
  {
    category: 'accessories',
    art: 'tote',
    color: 'beige',
    name: 'Camel Top-Handle Bag',
    price: 178,
    rating: 4.5,
    description:
      'Soft camel leather with rolled handles and contrast stitching. Timeless on the arm or in the crook of the elbow.',
  },
  {
    category: 'accessories',
    art: 'quilted-bag',
    color: 'black',
    name: 'Quilted Chain Shoulder Bag',
    price: 320,
    rating: 4.8,
    description:
      'Diamond-quilted lambskin with a chain strap and a signature turn-lock. Wear it on the shoulder or doubled up as a top handle.',
  },
  {
    category: 'accessories',
    art: 'flap-bag',
    color: 'blue',
    name: 'Cobalt Flap Bag',
    price: 135,
    oldPrice: 165,
    rating: 4.4,
    description:
      'A saddle-stitched flap bag in bold cobalt leather on a metal chain strap. Compact, yet it fits your phone, keys and cards.',
  },
  {
    category: 'accessories',
    art: 'belt',
    color: 'black',
    name: 'Classic Leather Belt',
    price: 42,
    rating: 4.3,
    description: 'Full-grain leather with a polished rectangular buckle. The belt you will reach for every day.',
  },
  {
    category: 'accessories',
    art: 'belt',
    color: 'gold',
    name: 'Metallic Gold Waist Belt',
    price: 38,
    oldPrice: 48,
    rating: 4,
    description:
      'A slim belt in metallic gold leather that cinches dresses and long coats. Adjustable over five holes.',
  },
  {
    category: 'accessories',
    art: 'sun-hat',
    color: 'beige',
    name: 'Wide-Brim Straw Hat',
    price: 54,
    rating: 4.4,
    description:
      'Hand-woven paper straw with a generous brim and a grosgrain ribbon band. Packable sun protection for the beach and the city.',
  },
  {
    category: 'accessories',
    art: 'fedora',
    color: 'red',
    name: 'Crimson Wool Fedora',
    price: 88,
    rating: 4.2,
    description: 'Soft brushed wool felt with a pinched crown and a ribbon band. A confident finish to autumn outfits.',
  },
  {
    category: 'accessories',
    art: 'scarf',
    color: 'blue',
    name: 'Printed Silk Twill Scarf',
    price: 95,
    rating: 4.6,
    description:
      'A 90 cm square of pure silk twill with a hand-rolled hem and a printed border. Knot it at the neck, tie it to a bag or wear it in your hair.',
  },
  {
    category: 'accessories',
    art: 'scarf',
    color: 'green',
    name: 'Emerald Silk Square Scarf',
    price: 69,
    oldPrice: 85,
    rating: 4.5,
    description:
      'Lightweight silk in emerald green with a contrasting border print. A flash of colour for a trench coat or a plain knit.',
  },
  {
    category: 'accessories',
    art: 'cat-eye-sunglasses',
    color: 'gold',
    name: 'Gold Cat-Eye Sunglasses',
    price: 129,
    rating: 4.5,
    description:
      'Retro cat-eye frames in gold-tone metal with gradient brown lenses. Full UV protection, with a hard case included.',
  },
  {
    category: 'accessories',
    art: 'round-sunglasses',
    color: 'black',
    name: 'Round Black Sunglasses',
    price: 49,
    oldPrice: 65,
    rating: 4.1,
    description: 'Lightweight round acetate frames with polarised smoke lenses. UV400 and comfortable all day.',
  },
  {
    category: 'accessories',
    art: 'square-sunglasses',
    color: 'silver',
    name: 'Silver Square Sunglasses',
    price: 110,
    rating: 4.3,
    description:
      'Sharp square frames with a brushed silver finish and grey lenses. A clean, modern shape that suits most faces.',
  },
  {
    category: 'accessories',
    art: 'fedora',
    color: 'beige',
    name: 'Sand Felt Fedora',
    price: 76,
    rating: 4.2,
    description: 'Wool felt in a sandy neutral with a classic pinched crown and a black ribbon band.',
  },
  {
    category: 'accessories',
    art: 'sun-hat',
    color: 'green',
    name: 'Sage Sun Hat',
    price: 34,
    rating: 3.9,
    description: 'A floppy cotton sun hat in muted sage with a wide brim that folds flat for travel.',
  },
  {
    category: 'accessories',
    art: 'tote',
    color: 'silver',
    name: 'Silver Metallic Tote',
    price: 215,
    rating: 4.4,
    description:
      'Soft metallic leather in a cool silver with rolled handles and a zipped inner pocket. Statement shine in an everyday shape.',
  },
];

const JEWELLERY: DemoProduct[] = [
  {
    category: 'jewellery',
    art: 'ring',
    color: 'gold',
    name: 'Solitaire Diamond Ring',
    price: 890,
    oldPrice: 1050,
    rating: 4.9,
    description:
      'A brilliant-cut lab-grown diamond held high in four claws on an 18k gold band. Conflict-free sparkle for a lifetime.',
  },
  {
    category: 'jewellery',
    art: 'ring',
    color: 'green',
    name: 'Emerald Cocktail Ring',
    price: 340,
    rating: 4.7,
    description: 'A vivid emerald-green stone set in gold, bold enough to wear alone. Made to be noticed.',
  },
  {
    category: 'jewellery',
    art: 'ring',
    color: 'blue',
    name: 'Sapphire Claw Ring',
    price: 265,
    oldPrice: 310,
    rating: 4.6,
    description:
      'A deep blue faceted stone on a sterling silver band. It stacks beautifully with a simple wedding ring.',
  },
  {
    category: 'jewellery',
    art: 'necklace',
    color: 'gold',
    name: 'Diamond Drop Pendant',
    price: 215,
    rating: 4.6,
    description: 'A sparkling stone in a gold kite setting on a fine 45 cm chain, adjustable with an extension link.',
  },
  {
    category: 'jewellery',
    art: 'necklace',
    color: 'beige',
    name: 'Freshwater Pearl Necklace',
    price: 149,
    oldPrice: 189,
    rating: 4.8,
    description:
      'Hand-knotted freshwater pearls with a soft glow, finished with a single pearl drop. A classic you will pass down.',
  },
  {
    category: 'jewellery',
    art: 'necklace',
    color: 'red',
    name: 'Ruby Pendant Necklace',
    price: 180,
    rating: 4.5,
    description: 'A ruby-red stone in a polished setting on a delicate chain. A gift that says everything.',
  },
  {
    category: 'jewellery',
    art: 'drop-earrings',
    color: 'beige',
    name: 'Pearl Drop Earrings',
    price: 59,
    rating: 4.4,
    description: 'Teardrop pearls on rose-gold hooks. Light enough for every day, elegant enough for a wedding.',
  },
  {
    category: 'jewellery',
    art: 'hoop-earrings',
    color: 'gold',
    name: 'Gold Hoop Earrings',
    price: 45,
    rating: 4.5,
    description: 'Polished gold vermeil hoops in a flattering medium size. Hollow, so they are light to wear all day.',
  },
  {
    category: 'jewellery',
    art: 'gem-earrings',
    color: 'blue',
    name: 'Sapphire Drop Earrings',
    price: 120,
    oldPrice: 150,
    rating: 4.6,
    description: 'Faceted blue stones that catch the light, hanging from sterling silver hooks.',
  },
  {
    category: 'jewellery',
    art: 'hoop-earrings',
    color: 'silver',
    name: 'Sterling Silver Hoops',
    price: 32,
    rating: 4.3,
    description: 'Classic sterling silver hoops with a high polish. Hypoallergenic and made to last.',
  },
  {
    category: 'jewellery',
    art: 'drop-earrings',
    color: 'red',
    name: 'Garnet Teardrop Earrings',
    price: 68,
    rating: 4.2,
    description: 'Deep red teardrops framed in gold, for a warm glow close to the face.',
  },
  {
    category: 'jewellery',
    art: 'bangles',
    color: 'gold',
    name: 'Gold Bangle Set',
    price: 75,
    oldPrice: 95,
    rating: 4.4,
    description: 'Two polished gold-plated bangles to wear together or apart, sized to slip over the hand.',
  },
  {
    category: 'jewellery',
    art: 'jewelled-bangles',
    color: 'red',
    name: 'Ruby Jewelled Bangle',
    price: 135,
    rating: 4.5,
    description: 'A gold bangle set with a row of ruby-red stones, paired with a plain bangle for stacking.',
  },
  {
    category: 'jewellery',
    art: 'bangles',
    color: 'silver',
    name: 'Sterling Silver Bangles',
    price: 58,
    rating: 4.3,
    description: 'A pair of slim sterling silver bangles with a mirror finish. Effortless with everything.',
  },
  {
    category: 'jewellery',
    art: 'ring',
    color: 'black',
    name: 'Black Onyx Ring',
    price: 95,
    rating: 4.4,
    description: 'A faceted black onyx set in claws on a sterling silver band. Understated and quietly dramatic.',
  },
  {
    category: 'jewellery',
    art: 'jewelled-bangles',
    color: 'green',
    name: 'Emerald Crystal Bangles',
    price: 28,
    oldPrice: 38,
    rating: 4,
    description: 'Gold-tone bangles, one set with a row of green crystals. A little shine for every day.',
  },
];

const COSMETICS: DemoProduct[] = [
  {
    category: 'cosmetics',
    art: 'lipstick',
    color: 'red',
    name: 'Rouge Velvet Matte Lipstick',
    price: 32,
    rating: 4.6,
    description:
      'A creamy matte lipstick in a true, flattering red. Rich colour in one swipe that lasts for hours without drying.',
  },
  {
    category: 'cosmetics',
    art: 'lipstick',
    color: 'gold',
    name: 'Nude Satin Lipstick',
    price: 38,
    oldPrice: 45,
    rating: 4.4,
    description: 'A sheer satin nude in a refillable gold case. Hydrating, with a soft glow.',
  },
  {
    category: 'cosmetics',
    art: 'lipstick',
    color: 'black',
    name: 'Berry Noir Lipstick',
    price: 29,
    rating: 4.3,
    description: 'A deep berry shade in a sleek black case. Creamy, comfortable and bold after dark.',
  },
  {
    category: 'cosmetics',
    art: 'perfume',
    color: 'gold',
    name: 'Ambre Eau de Parfum 50 ml',
    price: 120,
    oldPrice: 145,
    rating: 4.7,
    description:
      'Warm amber, vanilla and a hint of saffron in a heavy glass bottle with a gold cap. Long-lasting and quietly addictive.',
  },
  {
    category: 'cosmetics',
    art: 'perfume',
    color: 'blue',
    name: 'Blue Iris Eau de Toilette',
    price: 85,
    rating: 4.5,
    description: 'Fresh iris, bergamot and sea salt in a cool blue bottle. Light enough for every day.',
  },
  {
    category: 'cosmetics',
    art: 'perfume',
    color: 'green',
    name: 'Fig Leaf Eau de Parfum',
    price: 98,
    rating: 4.4,
    description: 'Green fig leaf, cedar and a touch of coconut milk. Like a summer garden after rain.',
  },
  {
    category: 'cosmetics',
    art: 'perfume',
    color: 'black',
    name: 'Oud Noir Extrait 100 ml',
    price: 240,
    rating: 4.8,
    description: 'An intense extrait of oud, leather and smoked rose. A few drops last all night.',
  },
  {
    category: 'cosmetics',
    art: 'compact',
    color: 'gold',
    name: 'Silk Finish Pressed Powder',
    price: 42,
    rating: 4.3,
    description:
      'A finely milled powder with silk extracts that blurs and sets without caking, in a mirrored gold compact.',
  },
  {
    category: 'cosmetics',
    art: 'compact',
    color: 'silver',
    name: 'Rose Glow Blush Compact',
    price: 36,
    oldPrice: 44,
    rating: 4.2,
    description:
      'A buildable rosy blush in a mirrored silver compact. Blends like a dream for a just-back-from-a-walk flush.',
  },
  {
    category: 'cosmetics',
    art: 'nail-polish',
    color: 'red',
    name: 'Cherry Gloss Nail Polish',
    price: 14,
    rating: 4.4,
    description: 'A glossy, chip-resistant cherry red that dries in minutes. Vegan and cruelty-free.',
  },
  {
    category: 'cosmetics',
    art: 'nail-polish',
    color: 'beige',
    name: 'Ballet Nude Nail Polish',
    price: 12,
    rating: 4.1,
    description: 'A sheer milky nude for clean, polished nails. Two coats give an even, glassy finish.',
  },
  {
    category: 'cosmetics',
    art: 'nail-polish',
    color: 'green',
    name: 'Emerald Lacquer Nail Polish',
    price: 14,
    oldPrice: 18,
    rating: 4,
    description: 'A jewel-toned green lacquer with a high-shine finish and a wide brush for easy application.',
  },
  {
    category: 'cosmetics',
    art: 'serum',
    color: 'blue',
    name: 'Hyaluronic Hydrating Serum',
    price: 54,
    rating: 4.6,
    description: 'Three weights of hyaluronic acid plump and hydrate for a dewy finish. Suits every skin type.',
  },
  {
    category: 'cosmetics',
    art: 'serum',
    color: 'beige',
    name: 'Vitamin C Glow Serum',
    price: 62,
    oldPrice: 78,
    rating: 4.5,
    description:
      'Stabilised vitamin C and ferulic acid in an amber dropper bottle. Brightens dull skin in a few weeks.',
  },
  {
    category: 'cosmetics',
    art: 'serum',
    color: 'black',
    name: 'Overnight Retinol Serum',
    price: 74,
    rating: 4.4,
    description: 'Encapsulated retinol that works while you sleep, softening fine lines without irritation.',
  },
  {
    category: 'cosmetics',
    art: 'perfume',
    color: 'silver',
    name: 'Crystal Musk Parfum 100 ml',
    price: 265,
    oldPrice: 310,
    rating: 4.6,
    description: 'Clean white musk, pear and soft woods in a faceted crystal bottle. Our most-gifted fragrance.',
  },
];

/** The demo catalogue, categories interleaved so the newest products show a mix of everything. */
export const DEMO_CATALOGUE: readonly DemoProduct[] = DRESSES.flatMap((dress, i) =>
  [dress, ACCESSORIES[i], JEWELLERY[i], COSMETICS[i]].filter((p): p is DemoProduct => p !== undefined),
);
