import dejaVuSans from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf?inline";

export default dejaVuSans;
