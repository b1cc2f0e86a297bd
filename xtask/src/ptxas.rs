//! Finds `ptxas` and turns its `-v` output into a per-kernel resource report.
//!
//! `ptxas` is not needed to build or run (the driver JIT-compiles the PTX); it is how the
//! PTX is checked on a machine without a GPU. Found, in order: `$PTXAS`, `ptxas` on `PATH`,
//! `$CUDA_HOME/bin/ptxas`, and the PyPI wheel `nvidia-cuda-nvcc`
//! (`site-packages/nvidia/cu13/bin/ptxas`, or `cuda_nvcc/bin` in CUDA 12 wheels).
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Locates a usable `ptxas`.
pub fn find() -> Option<PathBuf> {
    let works = |p: &Path| Command::new(p).arg("--version").output().is_ok_and(|o| o.status.success());
    if let Some(p) = std::env::var_os("PTXAS").map(PathBuf::from) {
        return works(&p).then_some(p);
    }
    let mut candidates = vec![PathBuf::from("ptxas")];
    if let Some(home) = std::env::var_os("CUDA_HOME") {
        candidates.push(Path::new(&home).join("bin").join("ptxas"));
    }
    for python in ["python3", "python"] {
        let Ok(out) = Command::new(python)
            .args(["-c", "import site,sysconfig;print('\\n'.join(site.getsitepackages()+[sysconfig.get_paths()['purelib'], site.getusersitepackages()]))"])
            .output()
        else {
            continue;
        };
        for dir in String::from_utf8_lossy(&out.stdout).lines() {
            for sub in ["nvidia/cu13/bin/ptxas", "nvidia/cuda_nvcc/bin/ptxas"] {
                candidates.push(Path::new(dir).join(sub));
            }
        }
        break;
    }
    candidates.into_iter().find(|p| works(p))
}

/// Resources of one kernel as ptxas reports them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelReport {
    /// Entry name.
    pub name: String,
    /// `sm_…`.
    pub arch: String,
    /// Registers per thread.
    pub registers: u32,
    /// Static shared memory in bytes (dynamic shared memory is set at launch).
    pub smem: u32,
    /// Stack frame bytes.
    pub stack: u32,
    /// Spill store bytes.
    pub spill_stores: u32,
    /// Spill load bytes.
    pub spill_loads: u32,
}

impl KernelReport {
    /// True when the kernel uses local memory: a stack frame or spills.
    pub fn uses_local_memory(&self) -> bool {
        self.stack != 0 || self.spill_stores != 0 || self.spill_loads != 0
    }
}

impl fmt::Display for KernelReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<20} {:<8} {:>4} {:>11} {:>6} {:>8} {:>8}",
            self.name, self.arch, self.registers, self.smem, self.stack, self.spill_stores, self.spill_loads
        )
    }
}

/// Header matching [`KernelReport`]'s `Display`.
pub const REPORT_HEADER: &str = "kernel               target   regs static-smem  stack spill-st spill-ld";

/// Why ptxas could not produce a report.
#[derive(Debug)]
pub enum PtxasError {
    /// ptxas could not be started.
    Spawn(std::io::Error),
    /// ptxas rejected the PTX; its output follows.
    Rejected(String),
}

impl fmt::Display for PtxasError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PtxasError::Spawn(e) => write!(f, "could not run ptxas: {e}"),
            PtxasError::Rejected(s) => write!(f, "ptxas rejected the PTX:\n{s}"),
        }
    }
}

impl std::error::Error for PtxasError {}

/// Assembles `ptx` for `arch` (writing the cubin to `cubin`) and returns the per-kernel report.
pub fn assemble(ptxas: &Path, ptx: &Path, arch: &str, cubin: &Path) -> Result<Vec<KernelReport>, PtxasError> {
    let out = Command::new(ptxas)
        .arg(format!("-arch={arch}"))
        .args(["-v", "-warn-spills", "-warn-lmem-usage"])
        .arg(ptx)
        .arg("-o")
        .arg(cubin)
        .output()
        .map_err(PtxasError::Spawn)?;
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if !out.status.success() {
        return Err(PtxasError::Rejected(text));
    }
    Ok(parse(&text))
}

/// Parses `ptxas -v` output.
pub fn parse(text: &str) -> Vec<KernelReport> {
    let mut reports: Vec<KernelReport> = Vec::new();
    let num_before = |line: &str, unit: &str| -> Option<u32> {
        let idx = line.find(unit)?;
        line[..idx].split_whitespace().last()?.parse().ok()
    };
    // The stack line belongs to the function named by the "Function properties for" line
    // before it, which can be a device function (e.g. core's panic_fmt) rather than the
    // entry being compiled: only an entry's own properties count for it.
    let mut own_properties = false;
    for line in text.lines() {
        if let Some(rest) = line.split("Compiling entry function '").nth(1) {
            let mut parts = rest.split('\'');
            let name = parts.next().unwrap_or_default().to_string();
            let arch = parts.nth(1).unwrap_or_default().to_string();
            reports.push(KernelReport { name, arch, ..Default::default() });
            own_properties = false;
            continue;
        }
        let Some(r) = reports.last_mut() else {
            continue;
        };
        if let Some(name) = line.split("Function properties for ").nth(1) {
            own_properties = name.trim() == r.name;
            continue;
        }
        if line.contains("bytes stack frame") && own_properties {
            r.stack = num_before(line, "bytes stack frame").unwrap_or(0);
            r.spill_stores = num_before(line, "bytes spill stores").unwrap_or(0);
            r.spill_loads = num_before(line, "bytes spill loads").unwrap_or(0);
        }
        if line.contains("Used") && line.contains("registers") {
            r.registers = num_before(line, "registers").unwrap_or(0);
            r.smem = num_before(line, "bytes smem").unwrap_or(0);
        }
    }
    reports
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ptxas_verbose_output() {
        let text = "ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'tma_copy_2d' for 'sm_90a'
ptxas info    : Function properties for tma_copy_2d
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 16 registers, used 1 barriers
ptxas info    : Compiling entry function 'nvfp4_gemv' for 'sm_100a'
ptxas info    : Function properties for nvfp4_gemv
    8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads
ptxas info    : Used 32 registers, used 1 barriers, 64 bytes smem";
        let r = parse(text);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].name, "tma_copy_2d");
        assert_eq!(r[0].arch, "sm_90a");
        assert_eq!(r[0].registers, 16);
        assert!(!r[0].uses_local_memory());
        assert_eq!((r[1].stack, r[1].spill_stores, r[1].spill_loads, r[1].smem), (8, 4, 12, 64));
        assert!(r[1].uses_local_memory());
    }

    #[test]
    fn a_device_functions_properties_do_not_overwrite_the_entrys() {
        // As ptxas prints it when the PTX also holds a (never called) core::panicking function.
        let text = "ptxas info    : Compiling entry function 'nvfp4_gemv_direct' for 'sm_90a'
ptxas info    : Function properties for nvfp4_gemv_direct
    216 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 66 registers, used 1 barriers, 216 bytes cumulative stack size
ptxas info    : Compile time = 62.226 ms
ptxas info    : Function properties for _RNvNtCs_4core9panicking9panic_fmt
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads";
        let r = parse(text);
        assert_eq!(r.len(), 1);
        assert_eq!((r[0].stack, r[0].registers), (216, 66));
        assert!(r[0].uses_local_memory());
    }
}
