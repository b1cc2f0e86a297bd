//! `tma_copy_2d`: the smallest kernel that exercises the whole TMA path (tensor map in global
//! memory, mbarrier with `expect_tx`, `cp.async.bulk.tensor.2d`, parity wait). Each block
//! copies one `COPY_BOX_ROWS × COPY_BOX_COLS` box of a byte matrix into shared memory by TMA,
//! then writes it back to `out` with ordinary stores, skipping the out-of-range part of edge
//! boxes (which TMA filled with zeros).
use crate::layout::{COPY_BOX_COLS, COPY_BOX_ROWS, THREADS, TensorMap};
use crate::ptx::{mbarrier, memory, misc, tma};
use crate::smem::Carver;

/// Copies the `rows × cols` byte matrix described by `map` to `out` (row stride `cols`).
/// Grid `(ceil(cols / COPY_BOX_COLS), ceil(rows / COPY_BOX_ROWS))`, [`THREADS`] threads,
/// [`crate::layout::COPY_SMEM_BYTES`] of dynamic shared memory.
///
/// # Safety
/// `map` is a 2-D `u8` tensor map of a `rows × cols` matrix with box
/// `{COPY_BOX_COLS, COPY_BOX_ROWS}`; `out` holds `rows · cols` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "ptx-kernel" fn tma_copy_2d(map: *const TensorMap, out: *mut u8, rows: u32, cols: u32) {
    let tid = misc::thread_idx_x();
    let col0 = misc::block_idx_x() * COPY_BOX_COLS;
    let row0 = misc::block_idx_y() * COPY_BOX_ROWS;
    let mut carve = Carver::dynamic();
    let tile = carve.take::<u8>(COPY_BOX_ROWS * COPY_BOX_COLS, 128);
    let bar = carve.take::<u64>(1, 8).at(0);
    unsafe {
        if tid == 0 {
            mbarrier::init(bar, 1);
            mbarrier::fence_init();
        }
        misc::sync_threads();
        if tid == 0 {
            mbarrier::arrive_expect_tx(bar, COPY_BOX_ROWS * COPY_BOX_COLS);
            tma::load_2d(tile.at(0), map.cast(), bar, col0 as i32, row0 as i32);
        }
        mbarrier::wait_parity(bar, 0);
        let mut i = tid;
        while i < COPY_BOX_ROWS * COPY_BOX_COLS {
            let (r, c) = (row0 + i / COPY_BOX_COLS, col0 + i % COPY_BOX_COLS);
            if r < rows && c < cols {
                let v = memory::ld_shared_u8(tile.at(i));
                memory::st_global_u8(out.add(r as usize * cols as usize + c as usize), v);
            }
            i += THREADS;
        }
    }
}
