import type { LocaleCode } from '@exchange-web/protocol/languages';
import type { TdkPageKey } from '@exchange-web/protocol/inscription';

/** One page's search-engine texts in one language. */
export interface TdkText {
  title: string;
  description: string;
  keywords: readonly string[];
}

const english: Readonly<Record<TdkPageKey, TdkText>> = {
  brc20List: {
    title: 'BRC-20 Token Prices, Market Caps & Mint Progress | exchange-web',
    description:
      'Browse all BRC-20 tokens on Bitcoin with live prices, market caps, 24h changes, holder counts and mint progress, and compare Ordinals tokens in one list.',
    keywords: [
      'BRC-20 tokens',
      'BRC-20 token list',
      'BRC-20 prices',
      'BRC-20 market cap',
      'BRC-20 mint progress',
      'Bitcoin Ordinals tokens',
    ],
  },
  brc20Hot: {
    title: 'Hot BRC-20 Tokens by 24h Trading Volume | exchange-web',
    description:
      'See the hottest BRC-20 tokens ranked by 24h trading volume, with live prices, 24h price changes and market caps for the most actively traded Ordinals tokens.',
    keywords: [
      'hot BRC-20 tokens',
      'trending BRC-20 tokens',
      'top BRC-20 tokens',
      'BRC-20 trading volume',
      'Bitcoin Ordinals tokens',
    ],
  },
  brc20InProgress: {
    title: 'BRC-20 Tokens Still Minting: Mint Progress | exchange-web',
    description:
      'Track BRC-20 tokens that are still being minted, with mint progress, holder counts, deploy dates and prices, and discover new Ordinals tokens on Bitcoin.',
    keywords: [
      'BRC-20 mint',
      'BRC-20 minting',
      'BRC-20 mint progress',
      'new BRC-20 tokens',
      'Ordinals inscriptions',
    ],
  },
  brc20Token: {
    title: '{token} Price, Chart & Market Cap (BRC-20) | exchange-web',
    description:
      'Track the live {token} price, price chart and history, market cap, holders and on-chain activity of this BRC-20 token on Bitcoin, all in one place.',
    keywords: [
      '{token} price',
      '{token} chart',
      '{token} market cap',
      '{token} BRC-20',
      '{token} holders',
    ],
  },
};

const spanishLatinAmerica: Readonly<Record<TdkPageKey, TdkText>> = {
  brc20List: {
    title: 'Tokens BRC-20: precios, capitalización y minteo | exchange-web',
    description:
      'Explora todos los tokens BRC-20 de Bitcoin con precios en tiempo real, capitalización de mercado, variación en 24 h, cantidad de titulares y progreso de minteo.',
    keywords: [
      'tokens BRC-20',
      'lista de tokens BRC-20',
      'precio BRC-20',
      'capitalización BRC-20',
      'minteo BRC-20',
      'tokens Ordinals',
    ],
  },
  brc20Hot: {
    title: 'Tokens BRC-20 populares por volumen en 24 h | exchange-web',
    description:
      'Descubre los tokens BRC-20 más operados según su volumen en 24 h, con precios en tiempo real, variación y capitalización de mercado de cada token Ordinals.',
    keywords: [
      'tokens BRC-20 populares',
      'top tokens BRC-20',
      'volumen de operaciones BRC-20',
      'tendencias BRC-20',
      'tokens Ordinals',
    ],
  },
  brc20InProgress: {
    title: 'Tokens BRC-20 en proceso de minteo | exchange-web',
    description:
      'Sigue los tokens BRC-20 que aún se están minteando: progreso de minteo, titulares, fecha de despliegue y precio. Descubre nuevos tokens Ordinals en Bitcoin.',
    keywords: [
      'minteo BRC-20',
      'mintear BRC-20',
      'progreso de minteo',
      'nuevos tokens BRC-20',
      'inscripciones Ordinals',
    ],
  },
  brc20Token: {
    title: '{token}: precio, gráfico y capitalización BRC-20 | exchange-web',
    description:
      'Consulta el precio de {token} en tiempo real, su gráfico e historial de precios, capitalización de mercado, titulares y actividad on-chain de este token BRC-20.',
    keywords: [
      'precio de {token}',
      'cotización {token}',
      'gráfico {token}',
      'capitalización {token}',
      '{token} BRC-20',
    ],
  },
};

/**
 * The search-engine texts (title, description, keywords) of the BRC-20 area's pages, per locale
 * and page: the token list, the hot list, the still-minting list and one token's page. The
 * brc20Token texts carry TDK_TOKEN_PLACEHOLDER (`{token}`) in title, description and keywords;
 * the gateway replaces it with the upper-cased ticker (e.g. ORDI) before sending them. Every
 * title ends with the untranslated brand, " | exchange-web". en, asia, en-GB and en-CA share one
 * English text (no spelling differs in it).
 */
export const tdkContent: Readonly<Record<LocaleCode, Readonly<Record<TdkPageKey, TdkText>>>> = {
  en: english,
  asia: english,
  'en-GB': english,
  ja: {
    brc20List: {
      title: 'BRC-20トークン一覧：価格・時価総額・ミント進捗 | exchange-web',
      description:
        'ビットコイン上のすべてのBRC-20トークンを一覧で確認。リアルタイム価格、時価総額、24時間の騰落率、保有者数、ミント進捗をまとめてチェックできます。',
      keywords: [
        'BRC-20トークン',
        'BRC-20 一覧',
        'BRC-20 価格',
        'BRC-20 時価総額',
        'BRC-20 ミント進捗',
        'ビットコイン Ordinals',
      ],
    },
    brc20Hot: {
      title: '人気のBRC-20トークン：24時間取引高ランキング | exchange-web',
      description:
        '24時間取引高の多い順に人気のBRC-20トークンを掲載。価格、騰落率、時価総額とあわせて、いま最も活発に取引されているOrdinalsトークンがわかります。',
      keywords: [
        '人気 BRC-20',
        'BRC-20 ランキング',
        'BRC-20 取引高',
        '注目のBRC-20トークン',
        'ビットコイン Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'ミント中のBRC-20トークン：ミント進捗 | exchange-web',
      description:
        '現在ミント中のBRC-20トークンを一覧表示。ミント進捗、保有者数、デプロイ日時、価格を確認して、ビットコイン上の新しいOrdinalsトークンを見つけられます。',
      keywords: [
        'BRC-20 ミント',
        'ミント中 BRC-20',
        'BRC-20 ミント進捗',
        '新しいBRC-20トークン',
        'Ordinals インスクリプション',
      ],
    },
    brc20Token: {
      title: '{token}の価格・チャート・時価総額（BRC-20） | exchange-web',
      description:
        'BRC-20トークン{token}のリアルタイム価格、価格チャートと価格履歴、時価総額、保有者数、オンチェーンアクティビティを1ページで確認できます。',
      keywords: [
        '{token} 価格',
        '{token} チャート',
        '{token} 時価総額',
        '{token} 保有者',
        '{token} BRC-20',
      ],
    },
  },
  ru: {
    brc20List: {
      title: 'Токены BRC-20: цены, капитализация и минт | exchange-web',
      description:
        'Все токены BRC-20 в сети Bitcoin в одном списке: актуальные цены, рыночная капитализация, изменение за 24 ч, число держателей и прогресс минта.',
      keywords: [
        'токены BRC-20',
        'список токенов BRC-20',
        'курс BRC-20',
        'капитализация BRC-20',
        'минт BRC-20',
        'токены Ordinals',
      ],
    },
    brc20Hot: {
      title: 'Популярные токены BRC-20 по объёму за 24 ч | exchange-web',
      description:
        'Токены BRC-20 с наибольшим объёмом торгов за 24 часа: актуальные цены, их изменение и капитализация. Узнайте, какими токенами Ordinals торгуют активнее всего.',
      keywords: [
        'популярные токены BRC-20',
        'топ токенов BRC-20',
        'объём торгов BRC-20',
        'трендовые BRC-20',
        'токены Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'Токены BRC-20 в процессе минта | exchange-web',
      description:
        'Токены BRC-20, минт которых ещё идёт: прогресс минта, число держателей, дата деплоя и цена. Находите новые токены Ordinals в сети Bitcoin.',
      keywords: [
        'минт BRC-20',
        'минтинг BRC-20',
        'прогресс минта',
        'новые токены BRC-20',
        'инскрипции Ordinals',
      ],
    },
    brc20Token: {
      title: '{token}: курс, график и капитализация BRC-20 | exchange-web',
      description:
        'Актуальный курс {token}, график и история цены, рыночная капитализация, держатели и ончейн-активность токена BRC-20 в сети Bitcoin на одной странице.',
      keywords: [
        'курс {token}',
        'цена {token}',
        'график {token}',
        'капитализация {token}',
        '{token} BRC-20',
      ],
    },
  },
  es: spanishLatinAmerica,
  it: {
    brc20List: {
      title: 'Token BRC-20: prezzi, capitalizzazione e mint | exchange-web',
      description:
        'Esplora tutti i token BRC-20 su Bitcoin con prezzi in tempo reale, capitalizzazione, variazione a 24 ore, numero di detentori e avanzamento del mint.',
      keywords: [
        'token BRC-20',
        'lista token BRC-20',
        'prezzo BRC-20',
        'capitalizzazione BRC-20',
        'mint BRC-20',
        'token Ordinals',
      ],
    },
    brc20Hot: {
      title: 'Token BRC-20 più popolari per volume a 24 ore | exchange-web',
      description:
        'Scopri i token BRC-20 più scambiati per volume nelle ultime 24 ore, con prezzi in tempo reale, variazioni e capitalizzazione dei token Ordinals su Bitcoin.',
      keywords: [
        'token BRC-20 popolari',
        'migliori token BRC-20',
        'volume di trading BRC-20',
        'BRC-20 di tendenza',
        'token Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'Token BRC-20 in fase di mint | exchange-web',
      description:
        "Segui i token BRC-20 ancora in fase di mint, con l'avanzamento del mint, i detentori, la data di deploy e il prezzo, e scopri i nuovi token Ordinals su Bitcoin.",
      keywords: [
        'mint BRC-20',
        'mintare BRC-20',
        'avanzamento mint',
        'nuovi token BRC-20',
        'inscription Ordinals',
      ],
    },
    brc20Token: {
      title: 'Prezzo di {token}, grafico e market cap BRC-20 | exchange-web',
      description:
        'Segui il prezzo di {token} in tempo reale, grafico e storico dei prezzi, capitalizzazione di mercato, detentori e attività on-chain di questo token BRC-20.',
      keywords: [
        'prezzo {token}',
        'quotazione {token}',
        'grafico {token}',
        'capitalizzazione {token}',
        '{token} BRC-20',
      ],
    },
  },
  fr: {
    brc20List: {
      title: 'Tokens BRC-20 : prix, capitalisation et mint | exchange-web',
      description:
        'Parcourez tous les tokens BRC-20 sur Bitcoin : prix en temps réel, capitalisation, variation sur 24 h, nombre de détenteurs et avancement du mint.',
      keywords: [
        'tokens BRC-20',
        'liste des tokens BRC-20',
        'prix BRC-20',
        'capitalisation BRC-20',
        'mint BRC-20',
        'tokens Ordinals',
      ],
    },
    brc20Hot: {
      title: 'Tokens BRC-20 populaires par volume sur 24 h | exchange-web',
      description:
        'Découvrez les tokens BRC-20 les plus échangés, classés par volume sur 24 h, avec leur prix en temps réel, leur variation et leur capitalisation de marché.',
      keywords: [
        'tokens BRC-20 populaires',
        'meilleurs tokens BRC-20',
        'volume BRC-20',
        'tendances BRC-20',
        'tokens Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'Tokens BRC-20 en cours de mint | exchange-web',
      description:
        'Suivez les tokens BRC-20 encore en cours de mint : avancement du mint, détenteurs, date de déploiement et prix. Repérez les nouveaux tokens Ordinals.',
      keywords: [
        'mint BRC-20',
        'minter BRC-20',
        'avancement du mint',
        'nouveaux tokens BRC-20',
        'inscriptions Ordinals',
      ],
    },
    brc20Token: {
      title: 'Prix {token}, graphique et capitalisation BRC-20 | exchange-web',
      description:
        "Suivez le prix de {token} en temps réel, son graphique et son historique, sa capitalisation, ses détenteurs et l'activité on-chain de ce token BRC-20.",
      keywords: [
        'prix {token}',
        'cours {token}',
        'graphique {token}',
        'capitalisation {token}',
        '{token} BRC-20',
      ],
    },
  },
  de: {
    brc20List: {
      title: 'BRC-20-Token: Kurse, Marktkapitalisierung & Mint | exchange-web',
      description:
        'Alle BRC-20-Token auf Bitcoin auf einen Blick: aktuelle Kurse, Marktkapitalisierung, 24h-Veränderung, Anzahl der Inhaber und Mint-Fortschritt.',
      keywords: [
        'BRC-20-Token',
        'BRC-20-Liste',
        'BRC-20 Kurs',
        'BRC-20 Marktkapitalisierung',
        'BRC-20 Mint',
        'Ordinals-Token',
      ],
    },
    brc20Hot: {
      title: 'Beliebte BRC-20-Token nach 24h-Handelsvolumen | exchange-web',
      description:
        'Die gefragtesten BRC-20-Token nach 24h-Handelsvolumen, mit aktuellen Kursen, Kursveränderung und Marktkapitalisierung der Ordinals-Token auf Bitcoin.',
      keywords: [
        'beliebte BRC-20-Token',
        'Top BRC-20-Token',
        'BRC-20 Handelsvolumen',
        'BRC-20 Trends',
        'Ordinals-Token',
      ],
    },
    brc20InProgress: {
      title: 'BRC-20-Token, die noch gemintet werden | exchange-web',
      description:
        'Verfolgen Sie BRC-20-Token, die noch gemintet werden: Mint-Fortschritt, Inhaber, Deploy-Datum und Kurs. So entdecken Sie neue Ordinals-Token auf Bitcoin.',
      keywords: [
        'BRC-20 Mint',
        'BRC-20 minten',
        'Mint-Fortschritt',
        'neue BRC-20-Token',
        'Ordinals-Inskriptionen',
      ],
    },
    brc20Token: {
      title: '{token}-Kurs, Chart und Marktkapitalisierung | exchange-web',
      description:
        'Aktueller {token}-Kurs, Chart und Kurshistorie, Marktkapitalisierung, Inhaber und On-Chain-Aktivität des BRC-20-Tokens auf Bitcoin, alles auf einer Seite.',
      keywords: [
        '{token} Kurs',
        '{token} Preis',
        '{token} Chart',
        '{token} Marktkapitalisierung',
        '{token} BRC-20',
      ],
    },
  },
  'zh-CN': {
    brc20List: {
      title: 'BRC-20代币列表：价格、市值与铸造进度 | exchange-web',
      description:
        '浏览比特币上全部BRC-20代币，查看实时价格、市值、24小时涨跌幅、持有人数和铸造进度，在一张列表中比较各个Ordinals代币。',
      keywords: ['BRC-20代币', 'BRC-20行情', 'BRC-20价格', 'BRC-20市值', '铸造进度', '比特币铭文'],
    },
    brc20Hot: {
      title: '热门BRC-20代币：24小时成交额排行 | exchange-web',
      description:
        '按24小时成交额排序的热门BRC-20代币，附实时价格、涨跌幅和市值，一眼看出当前交易最活跃的比特币Ordinals代币。',
      keywords: ['热门BRC-20', 'BRC-20排行榜', 'BRC-20成交额', '热门铭文代币', '比特币Ordinals'],
    },
    brc20InProgress: {
      title: '铸造中的BRC-20代币：铸造进度 | exchange-web',
      description:
        '查看仍在铸造中的BRC-20代币，了解铸造进度、持有人数、部署时间和价格，发现比特币上新的Ordinals代币。',
      keywords: ['BRC-20铸造', '铸造中的代币', 'BRC-20铸造进度', '新BRC-20代币', '比特币铭文'],
    },
    brc20Token: {
      title: '{token}价格、行情走势与市值（BRC-20） | exchange-web',
      description:
        '查看BRC-20代币{token}的实时价格、价格走势图与历史行情、市值、持有人数和链上活动，一页掌握{token}的最新动态。',
      keywords: ['{token}价格', '{token}行情', '{token}走势图', '{token}市值', '{token} BRC-20'],
    },
  },
  'zh-TC': {
    brc20List: {
      title: 'BRC-20 代幣列表：價格、市值與鑄造進度 | exchange-web',
      description:
        '瀏覽比特幣上所有 BRC-20 代幣，查看即時價格、市值、24 小時漲跌幅、持有人數與鑄造進度，在同一張列表中比較各 Ordinals 代幣。',
      keywords: [
        'BRC-20 代幣',
        'BRC-20 行情',
        'BRC-20 價格',
        'BRC-20 市值',
        '鑄造進度',
        '比特幣銘文',
      ],
    },
    brc20Hot: {
      title: '熱門 BRC-20 代幣：24 小時成交額排行 | exchange-web',
      description:
        '依 24 小時成交額排序的熱門 BRC-20 代幣，附即時價格、漲跌幅與市值，一眼看出目前交易最活躍的比特幣 Ordinals 代幣。',
      keywords: [
        '熱門 BRC-20',
        'BRC-20 排行榜',
        'BRC-20 成交額',
        '熱門銘文代幣',
        '比特幣 Ordinals',
      ],
    },
    brc20InProgress: {
      title: '鑄造中的 BRC-20 代幣：鑄造進度 | exchange-web',
      description:
        '查看仍在鑄造中的 BRC-20 代幣，掌握鑄造進度、持有人數、部署時間與價格，發掘比特幣上新的 Ordinals 代幣。',
      keywords: ['BRC-20 鑄造', '鑄造中的代幣', 'BRC-20 鑄造進度', '新 BRC-20 代幣', '比特幣銘文'],
    },
    brc20Token: {
      title: '{token} 價格、走勢圖與市值（BRC-20） | exchange-web',
      description:
        '查看 BRC-20 代幣 {token} 的即時價格、價格走勢圖與歷史行情、市值、持有人數及鏈上活動，一頁掌握 {token} 的最新動態。',
      keywords: [
        '{token} 價格',
        '{token} 行情',
        '{token} 走勢圖',
        '{token} 市值',
        '{token} BRC-20',
      ],
    },
  },
  pt: {
    brc20List: {
      title: 'Tokens BRC-20: preços, capitalização e mint | exchange-web',
      description:
        'Confira todos os tokens BRC-20 da rede Bitcoin com preços em tempo real, capitalização de mercado, variação em 24h, número de detentores e progresso do mint.',
      keywords: [
        'tokens BRC-20',
        'lista de tokens BRC-20',
        'preço BRC-20',
        'capitalização BRC-20',
        'mint BRC-20',
        'tokens Ordinals',
      ],
    },
    brc20Hot: {
      title: 'Tokens BRC-20 em alta por volume em 24h | exchange-web',
      description:
        'Veja os tokens BRC-20 mais negociados nas últimas 24 horas, com preços em tempo real, variação e capitalização de mercado dos tokens Ordinals no Bitcoin.',
      keywords: [
        'tokens BRC-20 em alta',
        'top tokens BRC-20',
        'volume de negociação BRC-20',
        'BRC-20 em tendência',
        'tokens Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'Tokens BRC-20 em mint: progresso do mint | exchange-web',
      description:
        'Acompanhe os tokens BRC-20 que ainda estão sendo mintados: progresso do mint, detentores, data de deploy e preço. Descubra novos tokens Ordinals no Bitcoin.',
      keywords: [
        'mint BRC-20',
        'mintar BRC-20',
        'progresso do mint',
        'novos tokens BRC-20',
        'inscrições Ordinals',
      ],
    },
    brc20Token: {
      title: 'Preço do {token}, gráfico e capitalização BRC-20 | exchange-web',
      description:
        'Acompanhe o preço do {token} em tempo real, gráfico e histórico de preços, capitalização de mercado, detentores e atividade on-chain deste token BRC-20.',
      keywords: [
        'preço do {token}',
        'cotação {token}',
        'gráfico {token}',
        'capitalização {token}',
        '{token} BRC-20',
      ],
    },
  },
  id: {
    brc20List: {
      title: 'Daftar token BRC-20: harga, kapitalisasi & mint | exchange-web',
      description:
        'Jelajahi semua token BRC-20 di Bitcoin dengan harga real-time, kapitalisasi pasar, perubahan 24 jam, jumlah pemegang, dan progres mint dalam satu daftar.',
      keywords: [
        'token BRC-20',
        'daftar token BRC-20',
        'harga BRC-20',
        'kapitalisasi pasar BRC-20',
        'mint BRC-20',
        'token Ordinals',
      ],
    },
    brc20Hot: {
      title: 'Token BRC-20 terpopuler menurut volume 24 jam | exchange-web',
      description:
        'Lihat token BRC-20 terpopuler berdasarkan volume perdagangan 24 jam, beserta harga real-time, perubahan harga, dan kapitalisasi pasar token Ordinals di Bitcoin.',
      keywords: [
        'token BRC-20 populer',
        'top token BRC-20',
        'volume perdagangan BRC-20',
        'BRC-20 trending',
        'token Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'Token BRC-20 yang masih dalam proses mint | exchange-web',
      description:
        'Pantau token BRC-20 yang masih dalam proses mint beserta progres mint, jumlah pemegang, tanggal deploy, dan harga, lalu temukan token Ordinals baru di Bitcoin.',
      keywords: [
        'mint BRC-20',
        'minting BRC-20',
        'progres mint BRC-20',
        'token BRC-20 baru',
        'inskripsi Ordinals',
      ],
    },
    brc20Token: {
      title: 'Harga {token}, grafik & kapitalisasi pasar BRC-20 | exchange-web',
      description:
        'Pantau harga {token} secara real-time, grafik dan riwayat harga, kapitalisasi pasar, pemegang, serta aktivitas on-chain token BRC-20 ini di jaringan Bitcoin.',
      keywords: [
        'harga {token}',
        'harga {token} hari ini',
        'grafik {token}',
        'kapitalisasi pasar {token}',
        '{token} BRC-20',
      ],
    },
  },
  pl: {
    brc20List: {
      title: 'Tokeny BRC-20: ceny, kapitalizacja i mint | exchange-web',
      description:
        'Przeglądaj wszystkie tokeny BRC-20 w sieci Bitcoin: aktualne ceny, kapitalizację rynkową, zmianę w ciągu 24 h, liczbę posiadaczy i postęp mintowania.',
      keywords: [
        'tokeny BRC-20',
        'lista tokenów BRC-20',
        'cena BRC-20',
        'kapitalizacja BRC-20',
        'mint BRC-20',
        'tokeny Ordinals',
      ],
    },
    brc20Hot: {
      title: 'Popularne tokeny BRC-20 według wolumenu 24 h | exchange-web',
      description:
        'Najpopularniejsze tokeny BRC-20 według wolumenu obrotu z ostatnich 24 godzin, z aktualnymi cenami, zmianą ceny i kapitalizacją rynkową tokenów Ordinals.',
      keywords: [
        'popularne tokeny BRC-20',
        'top tokeny BRC-20',
        'wolumen obrotu BRC-20',
        'BRC-20 na topie',
        'tokeny Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'Tokeny BRC-20 w trakcie mintowania | exchange-web',
      description:
        'Śledź tokeny BRC-20, które wciąż są mintowane: postęp mintowania, liczbę posiadaczy, datę wdrożenia i cenę. Odkrywaj nowe tokeny Ordinals w sieci Bitcoin.',
      keywords: [
        'mint BRC-20',
        'mintowanie BRC-20',
        'postęp mintowania',
        'nowe tokeny BRC-20',
        'inskrypcje Ordinals',
      ],
    },
    brc20Token: {
      title: '{token}: cena, wykres i kapitalizacja BRC-20 | exchange-web',
      description:
        'Aktualna cena {token}, wykres i historia cen, kapitalizacja rynkowa, posiadacze oraz aktywność on-chain tokena BRC-20 w sieci Bitcoin na jednej stronie.',
      keywords: [
        'cena {token}',
        'kurs {token}',
        'wykres {token}',
        'kapitalizacja {token}',
        '{token} BRC-20',
      ],
    },
  },
  vi: {
    brc20List: {
      title: 'Token BRC-20: giá, vốn hóa và tiến độ mint | exchange-web',
      description:
        'Xem tất cả token BRC-20 trên Bitcoin với giá theo thời gian thực, vốn hóa thị trường, biến động 24 giờ, số người nắm giữ và tiến độ mint trong một danh sách.',
      keywords: [
        'token BRC-20',
        'danh sách token BRC-20',
        'giá BRC-20',
        'vốn hóa BRC-20',
        'mint BRC-20',
        'token Ordinals',
      ],
    },
    brc20Hot: {
      title: 'Token BRC-20 hot nhất theo khối lượng 24 giờ | exchange-web',
      description:
        'Khám phá những token BRC-20 nổi bật nhất theo khối lượng giao dịch 24 giờ, kèm giá theo thời gian thực, biến động giá và vốn hóa thị trường của token Ordinals.',
      keywords: [
        'token BRC-20 hot',
        'top token BRC-20',
        'khối lượng giao dịch BRC-20',
        'BRC-20 thịnh hành',
        'token Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'Token BRC-20 đang mint: tiến độ mint | exchange-web',
      description:
        'Theo dõi các token BRC-20 vẫn đang được mint với tiến độ mint, số người nắm giữ, ngày deploy và giá, đồng thời khám phá các token Ordinals mới trên Bitcoin.',
      keywords: [
        'mint BRC-20',
        'token BRC-20 đang mint',
        'tiến độ mint',
        'token BRC-20 mới',
        'inscription Ordinals',
      ],
    },
    brc20Token: {
      title: 'Giá {token}, biểu đồ và vốn hóa BRC-20 | exchange-web',
      description:
        'Theo dõi giá {token} theo thời gian thực, biểu đồ và lịch sử giá, vốn hóa thị trường, người nắm giữ và hoạt động on-chain của token BRC-20 này trên Bitcoin.',
      keywords: [
        'giá {token}',
        'giá {token} hôm nay',
        'biểu đồ {token}',
        'vốn hóa {token}',
        '{token} BRC-20',
      ],
    },
  },
  uk: {
    brc20List: {
      title: 'Токени BRC-20: ціни, капіталізація та мінт | exchange-web',
      description:
        'Усі токени BRC-20 у мережі Bitcoin в одному списку: актуальні ціни, ринкова капіталізація, зміна за 24 год, кількість власників і прогрес мінту.',
      keywords: [
        'токени BRC-20',
        'список токенів BRC-20',
        'ціна BRC-20',
        'капіталізація BRC-20',
        'мінт BRC-20',
        'токени Ordinals',
      ],
    },
    brc20Hot: {
      title: 'Популярні токени BRC-20 за обсягом за 24 год | exchange-web',
      description:
        'Токени BRC-20 з найбільшим обсягом торгів за 24 години: актуальні ціни, їх зміна та капіталізація. Дізнайтеся, якими токенами Ordinals торгують найактивніше.',
      keywords: [
        'популярні токени BRC-20',
        'топ токенів BRC-20',
        'обсяг торгів BRC-20',
        'трендові BRC-20',
        'токени Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'Токени BRC-20, мінт яких триває | exchange-web',
      description:
        'Токени BRC-20, мінт яких ще триває: прогрес мінту, кількість власників, дата деплою та ціна. Знаходьте нові токени Ordinals у мережі Bitcoin.',
      keywords: [
        'мінт BRC-20',
        'мінтинг BRC-20',
        'прогрес мінту',
        'нові токени BRC-20',
        'інскрипції Ordinals',
      ],
    },
    brc20Token: {
      title: '{token}: ціна, графік і капіталізація BRC-20 | exchange-web',
      description:
        'Актуальна ціна {token}, графік та історія ціни, ринкова капіталізація, власники й ончейн-активність токена BRC-20 у мережі Bitcoin на одній сторінці.',
      keywords: [
        'ціна {token}',
        'курс {token}',
        'графік {token}',
        'капіталізація {token}',
        '{token} BRC-20',
      ],
    },
  },
  'pt-PT': {
    brc20List: {
      title: 'Tokens BRC-20: preços, capitalização e mint | exchange-web',
      description:
        'Consulte todos os tokens BRC-20 da rede Bitcoin com preços em tempo real, capitalização, variação em 24 horas, número de detentores e progresso do mint.',
      keywords: [
        'tokens BRC-20',
        'lista de tokens BRC-20',
        'preço BRC-20',
        'capitalização BRC-20',
        'mint BRC-20',
        'tokens Ordinals',
      ],
    },
    brc20Hot: {
      title: 'Tokens BRC-20 em destaque por volume em 24 h | exchange-web',
      description:
        'Consulte os tokens BRC-20 mais negociados por volume nas últimas 24 horas, com preços em tempo real, variação e capitalização de mercado dos tokens Ordinals.',
      keywords: [
        'tokens BRC-20 em destaque',
        'top tokens BRC-20',
        'volume de negociação BRC-20',
        'tendências BRC-20',
        'tokens Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'Tokens BRC-20 com mint em curso | exchange-web',
      description:
        'Acompanhe os tokens BRC-20 cujo mint ainda está em curso: progresso do mint, detentores, data de lançamento e preço. Descubra novos tokens Ordinals.',
      keywords: [
        'mint BRC-20',
        'mint em curso',
        'progresso do mint',
        'novos tokens BRC-20',
        'inscrições Ordinals',
      ],
    },
    brc20Token: {
      title: 'Preço de {token}, gráfico e capitalização BRC-20 | exchange-web',
      description:
        'Acompanhe o preço de {token} em tempo real, gráfico e histórico de preços, capitalização de mercado, detentores e atividade on-chain deste token BRC-20.',
      keywords: [
        'preço de {token}',
        'cotação de {token}',
        'gráfico {token}',
        'capitalização {token}',
        '{token} BRC-20',
      ],
    },
  },
  'es-ES': {
    brc20List: {
      title: 'Tokens BRC-20: precios, capitalización y minteo | exchange-web',
      description:
        'Explora todos los tokens BRC-20 de Bitcoin con precios en tiempo real, capitalización de mercado, variación en 24 h, número de titulares y progreso del minteo.',
      keywords: [
        'tokens BRC-20',
        'lista de tokens BRC-20',
        'precio BRC-20',
        'capitalización BRC-20',
        'minteo BRC-20',
        'tokens Ordinals',
      ],
    },
    brc20Hot: {
      title: 'Tokens BRC-20 populares por volumen en 24 h | exchange-web',
      description:
        'Descubre los tokens BRC-20 más negociados según su volumen en 24 h, con precios en tiempo real, variación y capitalización de mercado de cada token Ordinals.',
      keywords: [
        'tokens BRC-20 populares',
        'mejores tokens BRC-20',
        'volumen de negociación BRC-20',
        'tendencias BRC-20',
        'tokens Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'Tokens BRC-20 en proceso de minteo | exchange-web',
      description:
        'Sigue los tokens BRC-20 que aún se están minteando: progreso del minteo, titulares, fecha de despliegue y precio. Descubre nuevos tokens Ordinals en Bitcoin.',
      keywords: [
        'minteo BRC-20',
        'mintear BRC-20',
        'progreso del minteo',
        'nuevos tokens BRC-20',
        'inscripciones Ordinals',
      ],
    },
    brc20Token: {
      title: '{token}: precio, gráfico y capitalización BRC-20 | exchange-web',
      description:
        'Consulta el precio de {token} en tiempo real, su gráfico e historial de precios, capitalización de mercado, titulares y actividad on-chain de este token BRC-20.',
      keywords: [
        'precio de {token}',
        'cotización de {token}',
        'gráfico {token}',
        'capitalización {token}',
        '{token} BRC-20',
      ],
    },
  },
  uz: {
    brc20List: {
      title: 'BRC-20 tokenlari: narxlar, kapitallashuv va mint | exchange-web',
      description:
        'Bitcoin tarmogʻidagi barcha BRC-20 tokenlari bitta roʻyxatda: joriy narxlar, bozor kapitallashuvi, 24 soatlik oʻzgarish, egalar soni va mint jarayoni.',
      keywords: [
        'BRC-20 tokenlari',
        'BRC-20 roʻyxati',
        'BRC-20 narxi',
        'BRC-20 kapitallashuvi',
        'BRC-20 mint',
        'Ordinals tokenlari',
      ],
    },
    brc20Hot: {
      title: 'Ommabop BRC-20 tokenlari: 24 soatlik hajm | exchange-web',
      description:
        '24 soatlik savdo hajmi boʻyicha eng ommabop BRC-20 tokenlari: joriy narxlar, narx oʻzgarishi va bozor kapitallashuvi. Eng faol Ordinals tokenlarini bilib oling.',
      keywords: [
        'ommabop BRC-20 tokenlari',
        'top BRC-20 tokenlari',
        'BRC-20 savdo hajmi',
        'trenddagi BRC-20',
        'Ordinals tokenlari',
      ],
    },
    brc20InProgress: {
      title: 'Mint jarayonidagi BRC-20 tokenlari | exchange-web',
      description:
        'Hali mint qilinayotgan BRC-20 tokenlarini kuzating: mint jarayoni, egalar soni, joylashtirilgan sana va narx. Yangi Ordinals tokenlarini kashf eting.',
      keywords: [
        'BRC-20 mint',
        'BRC-20 mint qilish',
        'BRC-20 mint jarayoni',
        'yangi BRC-20 tokenlari',
        'Ordinals inskripsiyalari',
      ],
    },
    brc20Token: {
      title: '{token} narxi, grafigi va kapitallashuvi | exchange-web',
      description:
        'BRC-20 tokeni {token}: joriy narx, narx grafigi va tarixi, bozor kapitallashuvi, egalar soni va Bitcoin tarmogʻidagi on-chain faollik, barchasi bitta sahifada.',
      keywords: [
        '{token} narxi',
        '{token} kursi',
        '{token} grafigi',
        '{token} kapitallashuvi',
        '{token} BRC-20',
      ],
    },
  },
  ar: {
    brc20List: {
      title: 'رموز BRC-20: الأسعار والقيمة السوقية وتقدم السك | exchange-web',
      description:
        'تصفح جميع رموز BRC-20 على شبكة بيتكوين مع الأسعار المباشرة والقيمة السوقية والتغير خلال 24 ساعة وعدد الحاملين ونسبة تقدم السك في قائمة واحدة.',
      keywords: [
        'رموز BRC-20',
        'قائمة رموز BRC-20',
        'سعر BRC-20',
        'القيمة السوقية BRC-20',
        'سك BRC-20',
        'رموز Ordinals',
      ],
    },
    brc20Hot: {
      title: 'رموز BRC-20 الرائجة حسب حجم التداول في 24 ساعة | exchange-web',
      description:
        'اكتشف رموز BRC-20 الأكثر رواجًا حسب حجم التداول خلال 24 ساعة، مع الأسعار المباشرة وتغير السعر والقيمة السوقية لرموز Ordinals على شبكة بيتكوين.',
      keywords: [
        'رموز BRC-20 الرائجة',
        'أفضل رموز BRC-20',
        'حجم تداول BRC-20',
        'رموز BRC-20 الأكثر تداولًا',
        'رموز Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'رموز BRC-20 قيد السك: نسبة التقدم | exchange-web',
      description:
        'تابع رموز BRC-20 التي لا تزال قيد السك مع نسبة تقدم السك وعدد الحاملين وتاريخ الإطلاق والسعر، واكتشف رموز Ordinals الجديدة على شبكة بيتكوين.',
      keywords: [
        'سك BRC-20',
        'رموز BRC-20 قيد السك',
        'نسبة تقدم السك',
        'رموز BRC-20 جديدة',
        'نقوش Ordinals',
      ],
    },
    brc20Token: {
      title: 'سعر {token} والرسم البياني والقيمة السوقية | exchange-web',
      description:
        'تابع سعر {token} المباشر والرسم البياني وسجل الأسعار والقيمة السوقية وعدد الحاملين والنشاط على السلسلة لرمز BRC-20 هذا على شبكة بيتكوين في صفحة واحدة.',
      keywords: [
        'سعر {token}',
        'سعر {token} اليوم',
        'الرسم البياني {token}',
        'القيمة السوقية {token}',
        '{token} BRC-20',
      ],
    },
  },
  ph: {
    brc20List: {
      title: 'Mga BRC-20 token: presyo, market cap at mint | exchange-web',
      description:
        'Tingnan ang lahat ng BRC-20 token sa Bitcoin kasama ang live na presyo, market cap, pagbabago sa loob ng 24 oras, bilang ng holder at progreso ng mint.',
      keywords: [
        'BRC-20 token',
        'listahan ng BRC-20 token',
        'presyo ng BRC-20',
        'market cap ng BRC-20',
        'mint ng BRC-20',
        'Ordinals token',
      ],
    },
    brc20Hot: {
      title: 'Pinakasikat na BRC-20 token ayon sa 24h volume | exchange-web',
      description:
        'Alamin ang pinakasikat na BRC-20 token batay sa 24 oras na trading volume, kasama ang live na presyo, pagbabago ng presyo at market cap ng mga Ordinals token.',
      keywords: [
        'sikat na BRC-20 token',
        'top BRC-20 token',
        'trading volume ng BRC-20',
        'trending na BRC-20',
        'Ordinals token',
      ],
    },
    brc20InProgress: {
      title: 'Mga BRC-20 token na mina-mint pa | exchange-web',
      description:
        'Subaybayan ang mga BRC-20 token na mina-mint pa: progreso ng mint, bilang ng holder, petsa ng deploy at presyo. Tumuklas ng mga bagong Ordinals token.',
      keywords: [
        'BRC-20 mint',
        'pag-mint ng BRC-20',
        'progreso ng mint',
        'bagong BRC-20 token',
        'Ordinals inscription',
      ],
    },
    brc20Token: {
      title: 'Presyo ng {token}, chart at market cap (BRC-20) | exchange-web',
      description:
        'Subaybayan ang live na presyo ng {token}, price chart at kasaysayan ng presyo, market cap, mga holder at on-chain na aktibidad ng BRC-20 token na ito.',
      keywords: [
        'presyo ng {token}',
        '{token} presyo ngayon',
        '{token} chart',
        'market cap ng {token}',
        '{token} BRC-20',
      ],
    },
  },
  'es-AR': {
    brc20List: {
      title: 'Tokens BRC-20: precios, capitalización y minteo | exchange-web',
      description:
        'Explorá todos los tokens BRC-20 de Bitcoin con precios en tiempo real, capitalización de mercado, variación en 24 h, cantidad de titulares y progreso de minteo.',
      keywords: [
        'tokens BRC-20',
        'lista de tokens BRC-20',
        'precio BRC-20',
        'capitalización BRC-20',
        'minteo BRC-20',
        'tokens Ordinals',
      ],
    },
    brc20Hot: {
      title: 'Tokens BRC-20 populares por volumen en 24 h | exchange-web',
      description:
        'Descubrí los tokens BRC-20 más operados según su volumen en 24 h, con precios en tiempo real, variación y capitalización de mercado de cada token Ordinals.',
      keywords: [
        'tokens BRC-20 populares',
        'top tokens BRC-20',
        'volumen de operaciones BRC-20',
        'tendencias BRC-20',
        'tokens Ordinals',
      ],
    },
    brc20InProgress: {
      title: 'Tokens BRC-20 en proceso de minteo | exchange-web',
      description:
        'Seguí los tokens BRC-20 que todavía se están minteando: progreso de minteo, titulares, fecha de despliegue y precio. Encontrá nuevos tokens Ordinals en Bitcoin.',
      keywords: [
        'minteo BRC-20',
        'mintear BRC-20',
        'progreso de minteo',
        'nuevos tokens BRC-20',
        'inscripciones Ordinals',
      ],
    },
    brc20Token: {
      title: '{token}: precio, gráfico y capitalización BRC-20 | exchange-web',
      description:
        'Consultá el precio de {token} en tiempo real, su gráfico e historial de precios, capitalización de mercado, titulares y actividad on-chain de este token BRC-20.',
      keywords: [
        'precio de {token}',
        'cotización {token}',
        'gráfico {token}',
        'capitalización {token}',
        '{token} BRC-20',
      ],
    },
  },
  'en-CA': english,
};
