/** Strings of the shared feature components: usage card, copy button. */
export const en = {
  "usage.title": "Daily usage",
  "usage.plan.free": "Free plan",
  "usage.plan.premium": "Premium plan",
  "usage.used": "{used}/{limit} used",
  "usage.remaining": "{remaining} remaining",
  "usage.unavailable": "Usage is unavailable right now.",
  "usage.resets": "Resets at midnight UTC",
  "usage.feature.create-listing": "Listing creations today",
  "usage.feature.edit-image": "Image edits today",
  "usage.feature.seo-analysis": "SEO searches today",
  "usage.feature.advanced-keywords": "Advanced analyses today",
} as const;

export const tr: Record<keyof typeof en, string> = {
  "usage.title": "Günlük kullanım",
  "usage.plan.free": "Ücretsiz plan",
  "usage.plan.premium": "Premium plan",
  "usage.used": "{used}/{limit} kullanıldı",
  "usage.remaining": "{remaining} hak kaldı",
  "usage.unavailable": "Kullanım bilgisi şu anda alınamıyor.",
  "usage.resets": "Her gece UTC 00:00'da sıfırlanır",
  "usage.feature.create-listing": "Bugünkü ilan oluşturma",
  "usage.feature.edit-image": "Bugünkü görsel düzenleme",
  "usage.feature.seo-analysis": "Bugünkü SEO araması",
  "usage.feature.advanced-keywords": "Bugünkü gelişmiş analiz",
};
