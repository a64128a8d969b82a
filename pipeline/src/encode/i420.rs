//! I420 pictures (YUV 4:2:0, BT.709 limited range), the encoder's input format. A slide is
//! converted once, when it is rendered; a cross-fade blends two converted pictures, which
//! touches 1.5 bytes per pixel instead of 4 and needs no colour conversion per frame.

/// The colorimetry written in the caps, so that decoders convert back with the same matrix.
pub const COLORIMETRY: &str = "bt709";

/// Bytes of an I420 picture (GStreamer's default layout: no row padding for even widths
/// that are multiples of 8, as both output sizes are).
pub fn size(width: usize, height: usize) -> usize {
    width * height + 2 * (width / 2) * (height / 2)
}

// BT.709 in 16-bit fixed point, scaled to the limited range (Y 16-235, Cb/Cr 16-240).
const Y: [i32; 3] = [11966, 40254, 4064];
const CB: [i32; 3] = [-6596, -22188, 28784];
const CR: [i32; 3] = [28784, -26145, -2639];

/// Converts opaque RGBA (`width` x `height`, both even) into `out` (`size(width, height)` bytes).
pub fn from_rgba(rgba: &[u8], width: usize, height: usize, out: &mut [u8]) {
    assert!(
        width.is_multiple_of(2) && height.is_multiple_of(2),
        "I420 needs even sizes"
    );
    assert_eq!(rgba.len(), width * height * 4);
    assert_eq!(out.len(), size(width, height));
    let (luma, chroma) = out.split_at_mut(width * height);
    let (cb_plane, cr_plane) = chroma.split_at_mut((width / 2) * (height / 2));

    for (row, y_row) in luma.chunks_exact_mut(width).enumerate() {
        let src = &rgba[row * width * 4..][..width * 4];
        for (y, px) in y_row.iter_mut().zip(src.chunks_exact(4)) {
            let (r, g, b) = (i32::from(px[0]), i32::from(px[1]), i32::from(px[2]));
            *y = (16 + ((Y[0] * r + Y[1] * g + Y[2] * b + (1 << 15)) >> 16)) as u8;
        }
    }

    let half = width / 2;
    for (row, (cb_row, cr_row)) in cb_plane
        .chunks_exact_mut(half)
        .zip(cr_plane.chunks_exact_mut(half))
        .enumerate()
    {
        let top = &rgba[2 * row * width * 4..][..width * 4];
        let bottom = &rgba[(2 * row + 1) * width * 4..][..width * 4];
        for (x, (cb, cr)) in cb_row.iter_mut().zip(cr_row.iter_mut()).enumerate() {
            // The mean of each 2x2 block (sums of four, hence the extra 2 bits of shift).
            let at = x * 8;
            let sum = |c: usize| {
                i32::from(top[at + c])
                    + i32::from(top[at + 4 + c])
                    + i32::from(bottom[at + c])
                    + i32::from(bottom[at + 4 + c])
            };
            let (r, g, b) = (sum(0), sum(1), sum(2));
            *cb = (128 + ((CB[0] * r + CB[1] * g + CB[2] * b + (1 << 17)) >> 18)) as u8;
            *cr = (128 + ((CR[0] * r + CR[1] * g + CR[2] * b + (1 << 17)) >> 18)) as u8;
        }
    }
}

/// A cross-fade: `out` = `from` x (1 - weight / 256) + `to` x weight / 256.
pub fn blend(from: &[u8], to: &[u8], weight: u16, out: &mut [u8]) {
    let w = weight.min(256);
    let keep = 256 - w;
    for ((o, &a), &b) in out.iter_mut().zip(from).zip(to) {
        *o = ((u16::from(a) * keep + u16::from(b) * w + 128) >> 8) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn convert(rgb: [u8; 3]) -> Vec<u8> {
        let rgba: Vec<u8> = std::iter::repeat_n([rgb[0], rgb[1], rgb[2], 255], 16)
            .flatten()
            .collect();
        let mut out = vec![0; size(4, 4)];
        from_rgba(&rgba, 4, 4, &mut out);
        out
    }

    #[test]
    fn black_white_and_the_primaries_land_on_their_bt709_values() {
        let plain = |y: u8| [vec![y; 16], vec![128; 8]].concat();
        assert_eq!(convert([0, 0, 0]), plain(16));
        assert_eq!(convert([255, 255, 255]), plain(235));
        let red = convert([255, 0, 0]);
        assert_eq!((red[0], red[16], red[20]), (63, 102, 240));
        let blue = convert([0, 0, 255]);
        assert_eq!((blue[0], blue[16], blue[20]), (32, 240, 118));
    }

    #[test]
    fn a_blend_goes_from_the_first_picture_to_the_second() {
        let (from, to) = ([16u8, 200, 128], [235u8, 40, 128]);
        let mut out = [0; 3];
        blend(&from, &to, 0, &mut out);
        assert_eq!(out, from);
        blend(&from, &to, 256, &mut out);
        assert_eq!(out, to);
        blend(&from, &to, 128, &mut out);
        assert_eq!(out, [126, 120, 128]);
    }
}
