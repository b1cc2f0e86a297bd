//! The TMA 2-D copy: the end-to-end proof of the Rust → PTX → TMA pipeline.
use crate::error::{DriverContext, Error};
use crate::gpu::{ByteTensor, Gpu, L2Promotion, encode_tensor_map, maps_as_bytes};
use cudarc::driver::{LaunchConfig, PushKernelArg};
use kernel::layout::{COPY_BOX_COLS, COPY_BOX_ROWS, COPY_SMEM_BYTES, THREADS};

impl Gpu {
    /// Copies a `rows × cols` byte matrix through shared memory with `tma_copy_2d` and returns
    /// the copy. `cols` must be a multiple of 16 (the tensor-map stride rule).
    pub fn tma_copy(&self, rows: u32, cols: u32, data: &[u8]) -> Result<Vec<u8>, Error> {
        let len = rows as usize * cols as usize;
        if data.len() != len {
            return Err(Error::BufferLength { arg: "data", expected: len, got: data.len() });
        }
        let src = self.stream.memcpy_stod(data).during("copying the matrix to the GPU")?;
        let mut dst = self.stream.alloc_zeros::<u8>(len.max(1)).during("allocating the copy")?;
        let map = encode_tensor_map(&ByteTensor {
            arg: "data",
            address: self.address(&src),
            elem_bytes: 1,
            dims: &[cols as u64, rows as u64],
            strides: &[cols as u64],
            box_dims: &[COPY_BOX_COLS, COPY_BOX_ROWS],
            l2_promotion: L2Promotion::Bytes256,
        })?;
        let map = self.stream.memcpy_stod(&maps_as_bytes(&[map])).during("copying the tensor map")?;
        let cfg = LaunchConfig {
            grid_dim: (cols.div_ceil(COPY_BOX_COLS), rows.div_ceil(COPY_BOX_ROWS), 1),
            block_dim: (THREADS, 1, 1),
            shared_mem_bytes: COPY_SMEM_BYTES,
        };
        let mut launch = self.stream.launch_builder(&self.copy);
        launch.arg(&map).arg(&mut dst).arg(&rows).arg(&cols);
        unsafe { launch.launch(cfg) }.during("launching tma_copy_2d")?;
        let out = self.stream.memcpy_dtov(&dst).during("copying the result back")?;
        self.synchronize()?;
        Ok(out[..len].to_vec())
    }
}
