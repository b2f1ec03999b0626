import { registerCatalogue } from "..";

/** The listing editor's limits, the edit-conflict dialog and the History section of a listing (decision 0011). */
export const en = {
  "limits.titleReached": "That is the most {platform} allows: {max} characters.",
  "limits.tagReached": "A tag can have at most {max} characters.",
  "limits.tagsFull": "{platform} allows {max} tags. Remove one to add another.",
  "limits.altReached": "An alt text can have at most {max} characters.",
  "limits.fixFirst": "Some fields need a change before this can be saved.",

  "conflict.title": "This listing was changed elsewhere",
  "conflict.body":
    "Someone (maybe you, in another tab) saved version {version} of this listing after you started editing. Reload to see their changes and lose yours, or overwrite theirs with your edit.",
  "conflict.theirTitle": "Their title: {title}",
  "conflict.reload": "Reload",
  "conflict.overwrite": "Overwrite",
  "conflict.reloaded": "Reloaded the latest version",

  "history.title": "History",
  "history.subtitle": "Every change is kept. Restoring an old version saves it as a new one; nothing is lost.",
  "history.loading": "Loading history…",
  "history.failed": "Could not load the history.",
  "history.empty": "No versions yet.",
  "history.version": "Version {n}",
  "history.current": "Current",
  "history.reason.saved": "Saved",
  "history.reason.generated": "Generated",
  "history.reason.edit": "Edited",
  "history.reason.regenerated": "Part regenerated",
  "history.reason.restore": "Restored",
  "history.reason.fix": "Fixed",
  "history.reason.import": "Imported from the shop",
  "history.reason.accept": "Proposal accepted",
  "history.restore": "Restore",
  "history.restoreLabel": "Restore version {n}",
  "history.confirmTitle": "Restore version {n}?",
  "history.confirmBody": 'The listing will read "{title}" again. This is saved as a new version, so the current text stays in the history.',
  "history.confirm": "Restore",
  "history.cancel": "Cancel",
  "history.restored": "Version {n} restored",
  "history.restoreFailed": "Could not restore the version. Please try again.",
};

export const tr: Record<keyof typeof en, string> = {
  "limits.titleReached": "{platform} en fazla {max} karaktere izin veriyor.",
  "limits.tagReached": "Bir etiket en fazla {max} karakter olabilir.",
  "limits.tagsFull": "{platform} {max} etikete izin veriyor. Yenisini eklemek için birini kaldırın.",
  "limits.altReached": "Bir alternatif metin en fazla {max} karakter olabilir.",
  "limits.fixFirst": "Kaydetmeden önce bazı alanların düzeltilmesi gerekiyor.",

  "conflict.title": "Bu ilan başka bir yerde değiştirildi",
  "conflict.body":
    "Siz düzenlemeye başladıktan sonra biri (belki başka bir sekmede siz) bu ilanın {version}. sürümünü kaydetti. Onların değişikliklerini görmek için yeniden yükleyin (sizinkiler kaybolur) ya da sizin düzenlemenizle üzerine yazın.",
  "conflict.theirTitle": "Onların başlığı: {title}",
  "conflict.reload": "Yeniden yükle",
  "conflict.overwrite": "Üzerine yaz",
  "conflict.reloaded": "En son sürüm yüklendi",

  "history.title": "Geçmiş",
  "history.subtitle": "Her değişiklik saklanır. Eski bir sürümü geri yüklemek onu yeni bir sürüm olarak kaydeder; hiçbir şey kaybolmaz.",
  "history.loading": "Geçmiş yükleniyor…",
  "history.failed": "Geçmiş yüklenemedi.",
  "history.empty": "Henüz sürüm yok.",
  "history.version": "Sürüm {n}",
  "history.current": "Güncel",
  "history.reason.saved": "Kaydedildi",
  "history.reason.generated": "Oluşturuldu",
  "history.reason.edit": "Düzenlendi",
  "history.reason.regenerated": "Bölüm yeniden oluşturuldu",
  "history.reason.restore": "Geri yüklendi",
  "history.reason.fix": "Düzeltildi",
  "history.reason.import": "Mağazadan içe aktarıldı",
  "history.reason.accept": "Öneri kabul edildi",
  "history.restore": "Geri yükle",
  "history.restoreLabel": "{n}. sürümü geri yükle",
  "history.confirmTitle": "{n}. sürüm geri yüklensin mi?",
  "history.confirmBody": 'İlan yeniden "{title}" olacak. Bu yeni bir sürüm olarak kaydedilir; şimdiki metin geçmişte kalır.',
  "history.confirm": "Geri yükle",
  "history.cancel": "Vazgeç",
  "history.restored": "{n}. sürüm geri yüklendi",
  "history.restoreFailed": "Sürüm geri yüklenemedi. Lütfen tekrar deneyin.",
};

registerCatalogue({ en, tr });
