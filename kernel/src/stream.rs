//! `read_ceiling`: a read-only streaming kernel that measures the bandwidth ceiling the GEMV
//! is compared with. Each thread reads 16-byte words with `ld.global.nc.v4` in a grid-stride
//! loop, [`READ_UNROLL`] independent loads in flight, and folds them with XOR; one word per
//! block is written so that the loads cannot be removed.
use crate::ptx::{memory, misc};

/// Threads per block of `read_ceiling`.
pub const READ_THREADS: u32 = 256;
/// Independent 16-byte loads per thread per iteration.
pub const READ_UNROLL: u32 = 4;
const _: () = assert!(READ_UNROLL == 4, "the loop body issues four loads");

#[inline(always)]
fn fold(w: [u32; 4]) -> u32 {
    w[0] ^ w[1] ^ w[2] ^ w[3]
}

/// Reads `n16` 16-byte words at `src`; writes one XOR fold per block to `out[block]`.
/// Any grid; [`READ_THREADS`] threads; no shared memory.
///
/// # Safety
/// `src` holds `n16` 16-byte-aligned words; `out` holds one `u32` per block.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn read_ceiling(src: *const [u32; 4], n16: u64, out: *mut u32) {
    // Launched like the GEMV (programmatic dependent launch when the host asks for it): the
    // next kernel may start once every block has begun; the sink is written only after the
    // previous kernel has finished. No-ops otherwise.
    if misc::thread_idx_x() == 0 {
        misc::launch_dependents();
    }
    let tid = misc::thread_idx_x() as u64;
    let block = misc::block_idx_x() as u64;
    let grid = misc::grid_dim_x() as u64;
    let stride = grid * READ_THREADS as u64;
    let mut i = block * READ_THREADS as u64 + tid;
    let mut acc = 0u32;
    let step = stride * READ_UNROLL as u64;
    while i + (READ_UNROLL as u64 - 1) * stride < n16 {
        // READ_UNROLL independent loads issued before any is used.
        let p = |u: u64| unsafe { memory::ld_global_nc_v4(src.add((i + u * stride) as usize)) };
        let (w0, w1, w2, w3) = (p(0), p(1), p(2), p(3));
        acc ^= fold(w0) ^ fold(w1) ^ fold(w2) ^ fold(w3);
        i += step;
    }
    while i < n16 {
        let w = unsafe { memory::ld_global_nc_v4(src.add(i as usize)) };
        acc ^= fold(w);
        i += stride;
    }
    // Thread 0 of each block stores its fold; the others store only if theirs hits an
    // unlikely value. Either way every load feeds a possible store and cannot be removed.
    misc::wait_prerequisites();
    if tid == 0 || acc == 0x9E37_79B9 {
        unsafe { out.add(block as usize).write_volatile(acc) };
    }
}
