"""Per-entry PTX comparison: which entry points of two PTX files differ, with label and
local-depot numbers normalised. Usage: python3 notes/ptx-compare.py OLD.ptx NEW.ptx"""
import re,sys
def entries(path):
    s=open(path).read()
    parts=re.split(r'(?=^\.visible \.entry |^\.entry |^\.func |^\.visible \.func )',s,flags=re.M)
    d={}
    for p in parts[1:]:
        m=re.match(r'\.(?:visible )?\.(?:entry|func) (?:\([^)]*\) )?(\w+)',p)
        name=m.group(1)
        t=re.sub(r'\$L__\w+','$L',p)
        t=re.sub(r'__local_depot\d+','depot',t)
        d[name]=t
    return d
a,b=entries(sys.argv[1]),entries(sys.argv[2])
same=[n for n in a if n in b and a[n]==b[n]]
diff=[n for n in a if n in b and a[n]!=b[n]]
print("same:",len(same)); print("differ:",sorted(diff)); print("only old:",[n for n in a if n not in b]); print("only new:",[n for n in b if n not in a])
