/** Strings of the plans section (profile #plans and the landing page) and the quota-exhausted notice. */
export const en = {
  "plans.title": "Plans",
  "plans.subtitle": "Every tool has a daily limit that resets at midnight UTC. Cached keyword results (up to 24 hours old) do not count.",
  "plans.free.name": "Free",
  "plans.free.tagline": "Every account starts here. No credit card.",
  "plans.premium.name": "Premium",
  "plans.premium.tagline": "For shops that list every day.",
  "plans.perDay": "{n} a day",
  "plans.feature.create-listing": "Listing generations",
  "plans.feature.seo-analysis": "SEO keyword searches",
  "plans.feature.advanced-keywords": "Advanced keyword analyses",
  "plans.feature.edit-image": "Image edits (each photo of a batch is one edit)",
  "plans.current": "Your plan",
  "plans.storage": "Storage for photos, uploads and PDFs",
  "plans.savedListings": "Saved listings",
  "plans.howTitle": "How to get Premium",
  "plans.howBody":
    "Listora has no online checkout and takes no payment. Premium is switched on for an account by the administrator who runs this Listora installation: ask them to move your account ({email}) to Premium. The higher limits apply as soon as they do.",
  "plans.howBodyAnonymous":
    "Listora has no online checkout and takes no payment. Premium is switched on for an account by the administrator who runs this Listora installation: create a free account, then ask them to move it to Premium.",
  "plans.premiumActive": "Your account is on Premium: {n} of each tool a day.",

  "quota.exhausted.title": "Daily limit reached",
  "quota.exhausted.body": "You have used all {limit} {feature} for today. The limit resets at midnight UTC.",
  "quota.exhausted.seePlans": "See plans",
  "quota.feature.create-listing": "listing generations",
  "quota.feature.seo-analysis": "SEO keyword searches",
  "quota.feature.advanced-keywords": "advanced keyword analyses",
  "quota.feature.edit-image": "image edits",
} as const;

export const tr: Record<keyof typeof en, string> = {
  "plans.title": "Planlar",
  "plans.subtitle": "Her aracın günlük bir sınırı vardır ve her gece UTC 00:00'da sıfırlanır. Önbellekteki anahtar kelime sonuçları (en fazla 24 saatlik) sayılmaz.",
  "plans.free.name": "Ücretsiz",
  "plans.free.tagline": "Her hesap buradan başlar. Kredi kartı gerekmez.",
  "plans.premium.name": "Premium",
  "plans.premium.tagline": "Her gün ilan veren mağazalar için.",
  "plans.perDay": "günde {n}",
  "plans.feature.create-listing": "İlan oluşturma",
  "plans.feature.seo-analysis": "SEO anahtar kelime araması",
  "plans.feature.advanced-keywords": "Gelişmiş anahtar kelime analizi",
  "plans.feature.edit-image": "Görsel düzenleme (toplu işlemde her fotoğraf bir düzenlemedir)",
  "plans.current": "Planınız",
  "plans.storage": "Fotoğraflar, yüklemeler ve PDF'ler için depolama",
  "plans.savedListings": "Kayıtlı ilanlar",
  "plans.howTitle": "Premium'a nasıl geçilir",
  "plans.howBody":
    "Listora'da çevrimiçi ödeme yoktur ve ücret alınmaz. Premium, bu Listora kurulumunu işleten yönetici tarafından hesaba tanımlanır: hesabınızın ({email}) Premium'a geçirilmesini yöneticiden isteyin. Yüksek sınırlar hemen geçerli olur.",
  "plans.howBodyAnonymous":
    "Listora'da çevrimiçi ödeme yoktur ve ücret alınmaz. Premium, bu Listora kurulumunu işleten yönetici tarafından hesaba tanımlanır: ücretsiz bir hesap açın, ardından yöneticiden Premium'a geçirmesini isteyin.",
  "plans.premiumActive": "Hesabınız Premium planda: her araçtan günde {n}.",

  "quota.exhausted.title": "Günlük sınıra ulaşıldı",
  "quota.exhausted.body": "Bugünkü {limit} {feature} hakkınızın tamamını kullandınız. Sınır her gece UTC 00:00'da sıfırlanır.",
  "quota.exhausted.seePlans": "Planları gör",
  "quota.feature.create-listing": "ilan oluşturma",
  "quota.feature.seo-analysis": "SEO anahtar kelime araması",
  "quota.feature.advanced-keywords": "gelişmiş anahtar kelime analizi",
  "quota.feature.edit-image": "görsel düzenleme",
};
